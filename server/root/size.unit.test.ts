// The root stays a list (issue 32, decision 0058): a capability's settings, routes and wiring live in its module.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const linesOf = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').length;

describe('the root', () => {
  it('builds the services in at most 100 lines and the server in at most 120', () => {
    expect(linesOf('server/root/services.ts')).toBeLessThanOrEqual(100);
    expect(linesOf('server/root/app.ts')).toBeLessThanOrEqual(120);
  });

  it('merges the settings slices it is handed and declares none itself', () => {
    const config = readFileSync('server/config.ts', 'utf8');
    // A setting is an upper-case variable name given a schema: none may be declared here.
    expect(config).not.toMatch(/^\s+[A-Z][A-Z0-9_]+: z\./m);
    expect(config).toMatch(/export function mergeSettings/);
  });
});
