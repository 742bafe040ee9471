// Every decision record says where it stands (issue 32): accepted, proposed, or superseded by a later one, which
// it names. A superseded record is marked, not patched.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.resolve('docs/decisions');
const records = readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name));

describe('decision records', () => {
  it('are numbered once each', () => {
    const numbers = records.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records)('%s has a Status line: accepted, proposed or superseded, naming a record that exists', (name) => {
    const text = readFileSync(path.join(folder, name), 'utf8');
    const status = /^Status: (.+)$/m.exec(text)?.[1];
    expect(status, `${name} has no "Status:" line`).toBeDefined();
    expect(status).toMatch(/^(accepted|proposed|superseded)\b/);
    for (const [, cited] of status!.matchAll(/\b(\d{4})\b/g))
      expect(
        records.some((other) => other.startsWith(`${cited}-`)),
        `${name} names ${cited}`,
      ).toBe(true);
  });
});
