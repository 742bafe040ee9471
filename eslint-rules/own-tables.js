// A module owns its tables (decision 0018): only files in server/<module>/ may import server/<module>/schema.ts.
// Another module calls the owner's service instead; a stand-in in simulators/<name>/ owns its tables the same way.
// A schema file may import another module's schema to declare a foreign key; tests and server/testing are
// configured out, since they arrange and inspect the database directly.
import path from 'node:path';

const SCHEMA = /^((?:server|simulators)\/([^/]+))\/schema\.ts$/;
const MODULE_FILE = /^((?:server|simulators)\/[^/]+)\//;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "Only a module imports its own schema.ts (its tables); others call the module's service." },
    messages: {
      foreignTables:
        "'{{importer}}' may not use the {{owner}} module's tables: call the {{owner}} module's service instead.",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const importer = path.relative(root, context.filename).split(path.sep).join('/');
    const importerModule = MODULE_FILE.exec(importer)?.[1];
    const isSchemaFile = SCHEMA.test(importer);

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), source.value))
        .split(path.sep)
        .join('/')
        .replace(/\.js$/, '.ts');
      const schema = SCHEMA.exec(target.endsWith('.ts') ? target : `${target}.ts`);
      if (!schema || schema[1] === importerModule || isSchemaFile) return;
      const owner = schema[2];
      context.report({ node: source, messageId: 'foreignTables', data: { importer, owner } });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
