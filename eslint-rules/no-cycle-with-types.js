// No import cycle, type-only imports included (decision 0024). import-x/no-cycle skips `import type`, so a cycle
// made only of types (core/cart.ts ⇄ core/cart-quantity.ts once) survived it; such a cycle still ties two files
// together and turns into a runtime one the day a type import becomes a value import. The project imports its own
// files by relative path with their extension, so the graph is read straight from the files on disk: every static
// `import`/`export … from` of a relative path, types and values alike. Dynamic imports (`await import(...)`) load
// later by design and are not part of it.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]/gm;
const RESOLVABLE = /\.(ts|tsx|js)$/;

/** Each file's relative imports, cached by modification time, so a lint run reads each file once. */
const importsCache = new Map();

function resolveImport(fromFile, specifier) {
  const target = path.resolve(path.dirname(fromFile), specifier);
  if (RESOLVABLE.test(target)) return target.replace(/\.js$/, '.ts');
  return null;
}

function importsOfText(file, text) {
  const found = new Set();
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (target) found.add(target);
  }
  return [...found];
}

function importsOf(file) {
  let modified;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.modified === modified) return cached.imports;
  const imports = importsOfText(file, readFileSync(file, 'utf8'));
  importsCache.set(file, { modified, imports });
  return imports;
}

/** A path of imports from `start` back to `file`, or null. */
function pathBack(file, start) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [current, route] = stack.pop();
    for (const next of importsOf(current)) {
      if (next === file) return route;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...route, next]]);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between the project’s files, type-only imports included.' },
    messages: { cycle: 'Import cycle, type-only imports included: {{route}}' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const shown = (name) => path.relative(root, name).split(path.sep).join('/');
    const reported = new Set();

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(file, source.value);
      if (!target || reported.has(target)) return;
      const route = pathBack(file, target);
      if (!route) return;
      reported.add(target);
      context.report({
        node: source,
        messageId: 'cycle',
        data: { route: [file, ...route, file].map(shown).join(' → ') },
      });
    }

    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
