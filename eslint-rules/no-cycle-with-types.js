// No import cycle, type-only imports included (decision 0024). import-x/no-cycle skips `import type`, so a cycle
// made only of types (core/cart.ts ⇄ core/cart-quantity.ts once) survived it; such a cycle still ties two files
// together and turns into a runtime one the day a type import becomes a value import. The graph is read straight
// from the files on disk: every static `import`, `export … from` and `import x = require()`, types and values alike,
// each resolved the way TypeScript resolves it with the project's tsconfig (extensionless paths, a folder through
// its index.ts, `.js` naming a `.ts` or `.tsx` file, path aliases). Dynamic imports (`await import(...)`) load
// later by design and are not part of it (decision 0052).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The project's compiler options, read once per tsconfig. */
const optionsCache = new Map();

function compilerOptionsFor(root) {
  let entry = optionsCache.get(root);
  if (!entry) {
    const configPath = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
    const parsed = configPath
      ? ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root)
      : { options: {} };
    const options = parsed.options;
    entry = { options, cache: ts.createModuleResolutionCache(root, (name) => name, options) };
    optionsCache.set(root, entry);
  }
  return entry;
}

/** The project file a specifier names, or null for a package, a declaration file or nothing at all. */
function resolveImport(root, fromFile, specifier) {
  const { options, cache } = compilerOptionsFor(root);
  const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys, cache).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith('.d.ts')) return null;
  return path.resolve(resolved.resolvedFileName);
}

/** The specifiers of a file's static imports and re-exports, as TypeScript parses them. */
function specifiersOfText(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) found.push(statement.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      found.push(statement.moduleReference.expression.text);
    }
  }
  return found;
}

/**
 * Each file's resolved imports (absolute paths), cached by modification time, so a lint run reads each file once;
 * scripts/import-depth.ts reads them too.
 */
const importsCache = new Map();

export function importsOf(root, file) {
  let modified;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.modified === modified) return cached.imports;
  const targets = specifiersOfText(file, readFileSync(file, 'utf8')).map((specifier) =>
    resolveImport(root, file, specifier),
  );
  const imports = [...new Set(targets.filter((target) => target !== null))];
  importsCache.set(file, { modified, imports });
  return imports;
}

/** A path of imports from `start` back to `file`, or null. */
function pathBack(root, file, start) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [current, route] = stack.pop();
    for (const next of importsOf(root, current)) {
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
    const file = path.resolve(context.filename);
    const root = context.cwd;
    const shown = (name) => path.relative(root, name).split(path.sep).join('/');
    const reported = new Set();

    function check(node, specifier) {
      if (specifier?.type !== 'Literal' || typeof specifier.value !== 'string') return;
      const target = resolveImport(root, file, specifier.value);
      if (!target || reported.has(target)) return;
      const route = target === file ? [] : pathBack(root, file, target);
      if (!route) return;
      reported.add(target);
      context.report({
        node: specifier,
        messageId: 'cycle',
        data: { route: [file, ...route, file].map(shown).join(' → ') },
      });
    }

    const fromSource = (node) => check(node, node.source);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node, node.moduleReference.expression),
    };
  },
};
