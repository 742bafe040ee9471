import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerBuild } from 'react-router';

export type ConnectMiddleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface DevStorefront {
  build: () => Promise<ServerBuild>;
  middleware: ConnectMiddleware;
  close(): Promise<void>;
}

/** `npm run dev`: Vite in middleware mode serves the storefront's modules with hot reload; no build needed. */
export async function createDevStorefront(): Promise<DevStorefront> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  return {
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    middleware: vite.middlewares,
    close: () => vite.close(),
  };
}
