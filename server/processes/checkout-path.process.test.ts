import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);

/** The files the README's numbered list under `heading` names, one per item (its first `path`). */
function readmeList(heading: string): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf(heading);
  expect(start, `README lacks "${heading}"`).toBeGreaterThan(-1);
  const section = readme.slice(start + heading.length).split(/\n(?=\*\*|#)/)[0]!;
  return [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((match) => match[1]!);
}

test("the README's path from the Checkout button to the SQL names every server file a COD order runs", async () => {
  // Its own process: vitest's module transform adds calls of its own to every module.
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/testing/checkout-path.ts'], {
    env: { ...process.env, TEST_DB: 'pglite' },
    timeout: 120_000,
  });
  const traced = JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
  expect(traced).toContain('server/flows/place-order.ts');
  expect(traced).toContain('server/platform/db/client.ts');
  const listed = [...readmeList('**On the server**'), ...readmeList('**In both**')];
  expect(listed.sort()).toEqual(traced);
});
