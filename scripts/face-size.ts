// npm run face-size: how many values each module's face (server/<module>/index.ts) exports (issue 32: at most 3).
// Types are not counted: a face may describe what it offers in as many types as it needs. With --max N it fails
// when a face exports more than N values.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import ts from 'typescript';

/** The value names an index.ts exports: `export { a, type B } from …`, `export const`, `export function`… */
export function exportedValues(source: string): string[] {
  const file = ts.createSourceFile('index.ts', source, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (!clause) names.push('*');
      else if (ts.isNamedExports(clause)) {
        for (const element of clause.elements) if (!element.isTypeOnly) names.push(element.name.text);
      } else names.push(clause.name.text);
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) names.push(declaration.name.getText());
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      names.push(statement.name.text);
  }
  return names;
}

/** Each module folder under server/ with an index.ts, and the values it exports. */
export function faces(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const entry of readdirSync('server', { withFileTypes: true })) {
    const index = `server/${entry.name}/index.ts`;
    if (entry.isDirectory() && existsSync(index)) found.set(entry.name, exportedValues(readFileSync(index, 'utf8')));
  }
  return found;
}

const at = process.argv.indexOf('--max');
if (process.argv[1]?.endsWith('face-size.ts')) {
  let widest = 0;
  for (const [module, values] of [...faces()].sort()) {
    widest = Math.max(widest, values.length);
    console.log(`${String(values.length).padStart(2)}  server/${module}/index.ts  ${values.join(', ')}`);
  }
  if (at >= 0 && widest > Number(process.argv[at + 1])) {
    console.error(`A face exports more than ${process.argv[at + 1]} values.`);
    process.exitCode = 1;
  }
}
