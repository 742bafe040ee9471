// npm run import-depth: the server's import graph by floors (issue 32). A room is a folder right under server/ (a
// module, db, http…) or a file there (app.ts, config.ts…); a room's floor is one more than the highest floor it
// imports from, so a room that imports no other room is on floor 1. Tests are left out; server/testing is in. The
// offline stand-ins in simulators/ are outside the product and its floors: an import of one counts for no room.
// With --max N it fails when the graph is more than N floors deep.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: the lint rule is plain JavaScript, without declarations
import { importsOf } from '../eslint-rules/no-cycle-with-types.js';

const root = process.cwd();
const server = path.join(root, 'server');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The room a server file is in: `server/<first part of its path>`. */
const roomOf = (file: string) => `server/${path.relative(server, file).split(path.sep)[0]!}`;

/** Each room and the other rooms its files import from. */
export function roomImports(): Map<string, Set<string>> {
  const rooms = new Map<string, Set<string>>();
  for (const file of sourceFiles(server)) {
    const room = roomOf(file);
    const imported = rooms.get(room) ?? new Set<string>();
    rooms.set(room, imported);
    for (const target of importsOf(root, file) as string[]) {
      if (!target.startsWith(server + path.sep) || /\.test\.tsx?$/.test(target)) continue;
      const other = roomOf(target);
      if (other !== room) imported.add(other);
    }
  }
  return rooms;
}

/** Each room's floor; a cycle between rooms is reported, and its rooms share the floor they reach first. */
export function floors(rooms: Map<string, Set<string>>): { floor: Map<string, number>; cycles: string[] } {
  const floor = new Map<string, number>();
  const visiting = new Set<string>();
  const cycles: string[] = [];
  const visit = (room: string): number => {
    const known = floor.get(room);
    if (known !== undefined) return known;
    if (visiting.has(room)) {
      cycles.push(room);
      return 0;
    }
    visiting.add(room);
    let highest = 0;
    for (const other of rooms.get(room) ?? []) highest = Math.max(highest, visit(other));
    visiting.delete(room);
    floor.set(room, highest + 1);
    return highest + 1;
  };
  for (const room of rooms.keys()) visit(room);
  return { floor, cycles };
}

function main() {
  const rooms = roomImports();
  const { floor, cycles } = floors(rooms);
  const depth = Math.max(...floor.values());
  for (let level = depth; level >= 1; level--) {
    const here = [...floor].filter(([, at]) => at === level).map(([room]) => room);
    console.log(`floor ${String(level).padStart(2)}  ${here.sort().join('  ')}`);
  }
  console.log(`\nThe server is ${depth} floors deep.`);
  if (cycles.length > 0) console.log(`Rooms in an import cycle: ${[...new Set(cycles)].join(', ')}`);
  const at = process.argv.indexOf('--max');
  if (at >= 0 && depth > Number(process.argv[at + 1])) {
    console.error(`That is more than ${process.argv[at + 1]}.`);
    process.exitCode = 1;
  }
}

// Run, not imported (a test may import the functions above).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
