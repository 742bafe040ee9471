// The root stays a list and the server stays flat (issue 32, decisions 0058 and 0061): a capability's settings,
// routes and wiring live in its module, a module's face is small, and the import graph is at most 5 floors deep.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { faces } from '../../scripts/face-size.ts';
import { floors, roomImports } from '../../scripts/import-depth.ts';

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

describe('the server', () => {
  it('has no module face exporting more than 3 values (npm run face-size)', () => {
    const found = faces();
    expect(found.size).toBeGreaterThan(10);
    for (const [module, values] of found) expect(values.length, `server/${module}/index.ts: ${values}`).toBeLessThan(4);
  });

  it('is at most 5 floors of imports deep, without a cycle between its rooms (npm run import-depth)', () => {
    const { floor, cycles } = floors(roomImports());
    expect(cycles).toEqual([]);
    expect(Math.max(...floor.values())).toBeLessThanOrEqual(5);
    // The modules stand on the platform alone: every one on floor 2.
    expect(floor.get('server/platform')).toBe(1);
    for (const module of ['server/orders', 'server/payments', 'server/catalog', 'server/reviews'])
      expect(floor.get(module), module).toBe(2);
  });

  it('counts the values of a face, not its types', async () => {
    const { exportedValues } = await import('../../scripts/face-size.ts');
    const face = "export { a, type B } from './a.ts';\nexport type { C } from './c.ts';\nexport const d = 1;\n";
    expect(exportedValues(face)).toEqual(['a', 'd']);
  });
});
