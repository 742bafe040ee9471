// The lint rules that keep the architecture (decision 0018) fail when a change breaks it. Each case lints a probe
// file through the project's own ESLint configuration; the files it imports are the real ones on disk.
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The probes are files that do not exist on disk, which typed linting's project service cannot load; the
// architecture's rules read no types, so the probes are linted without them.
const eslint = new ESLint({
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function ruleIdsFor(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('architecture lint', { timeout: 60_000 }, () => {
  it('fails on an import cycle', async () => {
    // place-order.ts imports levels.ts; levels.ts importing place-order.ts back closes a cycle.
    const stock = readFileSync('server/stock/levels.ts', 'utf8');
    const probe = `${stock}\nimport { PlaceOrder } from '../orders/place-order.ts';\nexport const probe = PlaceOrder;\n`;
    expect(await ruleIdsFor('server/stock/levels.ts', probe)).toContain('cycles/no-cycle-with-types');
    expect(await ruleIdsFor('server/stock/levels.ts', stock)).not.toContain('cycles/no-cycle-with-types');
  });

  it('fails on an import cycle made of type-only imports', async () => {
    // core/cart.ts re-exports core/cart-quantity.ts; a type import back closes a cycle import-x/no-cycle ignores.
    const quantity = readFileSync('core/cart-quantity.ts', 'utf8');
    const probe = `import type { CartState } from './cart.ts';\nexport type Probe = CartState;\n${quantity}`;
    expect(await ruleIdsFor('core/cart-quantity.ts', probe)).toContain('cycles/no-cycle-with-types');
    expect(await ruleIdsFor('core/cart-quantity.ts', quantity)).toEqual([]);
  });

  it('fails on a cycle however its imports are spelled: extensionless, a folder, `.js`', async () => {
    // app/cart/cart-store.ts imports ./cart-storage (no extension); an import back closes a cycle.
    const storage = readFileSync('app/cart/cart-storage.ts', 'utf8');
    for (const spelling of ['./cart-store', './cart-store.js', './cart-store.ts']) {
      const probe = `${storage}\nimport { useStoredCart } from '${spelling}';\nexport const probe = useStoredCart;\n`;
      expect(await ruleIdsFor('app/cart/cart-storage.ts', probe), spelling).toContain('cycles/no-cycle-with-types');
    }
    expect(await ruleIdsFor('app/cart/cart-storage.ts', storage)).not.toContain('cycles/no-cycle-with-types');
  });

  it("fails on a cycle through two server modules' index.ts", async () => {
    // orders/place-order.ts imports catalog/index.ts, which re-exports catalog/service.ts; the catalogue importing
    // the orders module's face back (by its folder or its index.ts) closes a cycle between the two modules.
    const service = readFileSync('server/catalog/service.ts', 'utf8');
    for (const spelling of ['../orders', '../orders/index.ts', '../orders/index.js', '../orders/index']) {
      const probe = `${service}\nimport { PlaceOrder } from '${spelling}';\nexport const probe = PlaceOrder;\n`;
      expect(await ruleIdsFor('server/catalog/service.ts', probe), spelling).toContain('cycles/no-cycle-with-types');
    }
    expect(await ruleIdsFor('server/catalog/service.ts', service)).not.toContain('cycles/no-cycle-with-types');
  });

  it("fails when a module imports another module's inner file, and allows its index.ts and its own files", async () => {
    const inner = "import { PlaceOrder } from '../orders/place-order.ts';\nexport const probe = PlaceOrder;\n";
    expect(await ruleIdsFor('server/payments/probe.ts', inner)).toContain('boundaries/entry-point');
    expect(await ruleIdsFor('server/root/services.ts', inner)).toContain('boundaries/entry-point');
    const face = "import { PlaceOrder } from '../orders/index.ts';\nexport const probe = PlaceOrder;\n";
    expect(await ruleIdsFor('server/payments/probe.ts', face)).toEqual([]);
    expect(await ruleIdsFor('server/orders/probe.ts', inner.replace('../orders/', './'))).toEqual([]);
    const foreignKey = "import { orders } from '../orders/schema.ts';\nexport const probe = orders;\n";
    expect(await ruleIdsFor('server/payments/schema.ts', foreignKey)).not.toContain('boundaries/entry-point');
  });

  it('fails on a static import of demo/ from production code, and allows the dynamic one', async () => {
    const staticImport =
      "import { seedDemoCatalogue } from '../demo/seed.ts';\nexport const probe = seedDemoCatalogue;\n";
    expect(await ruleIdsFor('server/probe.ts', staticImport)).toContain('no-restricted-imports');
    const dynamicImport = "export const probe = () => import('../demo/seed.ts');\n";
    expect(await ruleIdsFor('server/probe.ts', dynamicImport)).toEqual([]);
  });

  it('fails when shared code imports a capability or a route', async () => {
    const serverShared = "import { PlaceOrder } from '../orders/place-order.ts';\nexport const probe = PlaceOrder;\n";
    expect(
      await ruleIdsFor('server/platform/http/probe.ts', serverShared.replace('../orders', '../../orders')),
    ).toContain('boundaries/element-types');
    const appShared = "import routes from '../routes.ts';\nexport const probe = routes;\n";
    expect(await ruleIdsFor('app/lib/probe.ts', appShared)).toContain('boundaries/element-types');
    const otherCapability = "import { createOrder } from '../orders/api.ts';\nexport const probe = createOrder;\n";
    expect(await ruleIdsFor('app/cart/probe.ts', otherCapability)).toContain('boundaries/element-types');
    expect(await ruleIdsFor('app/orders/probe.ts', otherCapability.replace('../orders/', './'))).toEqual([]);
    const core = "import { PlaceOrder } from '../server/orders/place-order.ts';\nexport type Probe = PlaceOrder;\n";
    expect(await ruleIdsFor('core/probe.ts', core)).toContain('boundaries/element-types');
    const coreToApp = "import { call } from '../app/lib/http.ts';\nexport const probe = call;\n";
    expect(await ruleIdsFor('core/probe.ts', coreToApp)).toContain('boundaries/element-types');
  });

  it('fails when product code imports an offline stand-in, and allows the root that mounts it', async () => {
    // simulators/<name>/ is outside the product (decision 0060): server/root/stand-ins.ts mounts it on a local shop, and tests,
    // the test harness and the bench run it; no module, shared code or other part of the root imports one.
    const standIn =
      "import { simulatorRoutes } from '../../simulators/phonepe/index.ts';\nexport const probe = simulatorRoutes;\n";
    expect(await ruleIdsFor('server/payments/probe.ts', standIn)).toContain('boundaries/element-types');
    const fromPlatform = standIn.replace('../../simulators', '../../../simulators');
    expect(await ruleIdsFor('server/platform/http/probe.ts', fromPlatform)).toContain('boundaries/element-types');
    const fromRoot = standIn;
    expect(await ruleIdsFor('server/root/services.ts', fromRoot)).toContain('boundaries/element-types');
    expect(await ruleIdsFor('server/main.ts', standIn.replace('../../simulators', '../simulators'))).toContain(
      'boundaries/element-types',
    );
    expect(await ruleIdsFor('server/root/app.ts', fromRoot)).toContain('boundaries/element-types');
    expect(await ruleIdsFor('server/root/modules.ts', fromRoot)).toContain('boundaries/element-types');
    expect(await ruleIdsFor('core/probe.ts', standIn.replace('../../simulators', '../simulators'))).toContain(
      'boundaries/element-types',
    );
    const app = readFileSync('server/root/stand-ins.ts', 'utf8');
    expect(app).toContain("from '../../simulators/phonepe/index.ts'");
    expect(await ruleIdsFor('server/root/stand-ins.ts', app)).not.toContain('boundaries/element-types');
    // Even the root reaches a stand-in through its index.ts only.
    const inner = fromRoot.replace('index.ts', 'routes.ts');
    expect(
      await ruleIdsFor(
        'server/root/stand-ins.ts',
        `${app}\n${inner.replace('simulatorRoutes', 'simulatorRoutes as inner')}`,
      ),
    ).toContain('boundaries/entry-point');
    expect(await ruleIdsFor('server/testing/probe.ts', standIn)).toEqual([]);
    expect(await ruleIdsFor('bench/probe.ts', standIn.replace('../../simulators', '../simulators'))).toEqual([]);
  });

  it('fails when an offline stand-in imports product code, and allows shared code and its own files', async () => {
    const product = "import { PlaceOrder } from '../../server/orders/index.ts';\nexport const probe = PlaceOrder;\n";
    expect(await ruleIdsFor('simulators/phonepe/probe.ts', product)).toContain('boundaries/element-types');
    const shared = "import type { Db } from '../../server/platform/db/client.ts';\nexport type Probe = Db;\n";
    expect(await ruleIdsFor('simulators/phonepe/probe.ts', shared)).toEqual([]);
    const own = "import { simulatorPayments } from './schema.ts';\nexport const probe = simulatorPayments;\n";
    expect(await ruleIdsFor('simulators/phonepe/probe.ts', own)).toEqual([]);
    // Its tables are its own, as a module's are.
    const tables = own.replace('./schema.ts', '../../simulators/phonepe/schema.ts');
    expect(await ruleIdsFor('server/payments/probe.ts', tables)).toContain('local/own-tables');
  });

  it("fails when a module imports another module's schema, and allows its own", async () => {
    const foreign = "import { products } from '../catalog/schema.ts';\nexport const probe = products;\n";
    expect(await ruleIdsFor('server/orders/probe.ts', foreign)).toContain('local/own-tables');
    expect(await ruleIdsFor('scripts/probe.ts', foreign.replace('../catalog', '../server/catalog'))).toContain(
      'local/own-tables',
    );
    const own = "import { products } from './schema.ts';\nexport const probe = products;\n";
    expect(await ruleIdsFor('server/catalog/probe.ts', own)).toEqual([]);
  });
});
