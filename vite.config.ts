import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * What every page runs before any of the shop's code (React, React DOM, React Router): one chunk rather than five,
 * which saves a phone four requests, each with its headers (decision 0042).
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

const ROOT_ROUTE = path.resolve('app/root.tsx');

/**
 * The modules the root route imports statically, directly or not: every page loads them with the root. Left to
 * itself the bundler gives each one that a lazily loaded chunk also imports a chunk of its own (ten files of about
 * 1 KB, mostly headers); in one chunk, no page loads a byte more, and a lazy chunk that needs one imports the shell,
 * which the page already has. Collected as the build parses modules; asked for when it makes chunks, after that.
 */
function rootShell(): { plugin: Plugin; test: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>();
  let shell: Set<string> | undefined;
  // React Router's build reads the root route as app/root.tsx with a query, which imports app/root.tsx: both stay
  // out, so the root's own code stays in the chunk React Router loads for it.
  const isRoot = (id: string) => id.split('?')[0] === ROOT_ROUTE;
  const reach = () => {
    const seen = new Set<string>();
    const queue = [...imports.keys()].filter(isRoot).flatMap((id) => imports.get(id) ?? []);
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id) || isRoot(id)) continue;
      seen.add(id);
      queue.push(...(imports.get(id) ?? []));
    }
    return seen;
  };
  return {
    plugin: {
      name: 'root-shell',
      apply: 'build',
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
      },
    },
    test: (id) => (shell ??= reach()).has(id) && !FRAMEWORK.test(id),
  };
}

export default defineConfig(({ isSsrBuild }) => {
  const shell = rootShell();
  return {
    plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [shell.plugin])],
    build: {
      assetsInlineLimit: 2048,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'framework', test: FRAMEWORK, priority: 10 },
                  { name: 'shell', test: shell.test, priority: 5 },
                ],
              },
            },
          },
    },
  };
});
