import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The project's files (relative paths, sorted) with code that ran while `work` ran: V8's precise coverage counts
 * every function call, so a file is listed when any of its functions was called, whoever called it. Code run only
 * when a module was first loaded is not a call on the way: warm the path up before tracing it.
 */
export async function filesRunBy(work: () => Promise<unknown>): Promise<string[]> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await session.post('Profiler.takePreciseCoverage'); // counts start again from zero
    await work();
    const { result } = await session.post('Profiler.takePreciseCoverage');
    const files = new Set<string>();
    for (const script of result) {
      if (!script.url.startsWith('file://')) continue;
      const file = path.relative(projectRoot, fileURLToPath(script.url));
      if (file.startsWith('..') || file.includes('node_modules')) continue;
      if (script.functions.some((fn) => fn.ranges.some((range) => range.count > 0))) files.add(file);
    }
    return [...files].sort();
  } finally {
    await session.post('Profiler.stopPreciseCoverage').catch(() => {});
    session.disconnect();
  }
}
