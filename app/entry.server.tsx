import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { CspNonce } from './context';
import { deferHydration, inlineStylesheet } from './lib/document.server';
import stylesheet from './app.css?inline';

export const streamTimeout = 5_000;

/**
 * The production document paints from its HTML alone (decision 0042): the stylesheet inline, the JavaScript
 * started after the main image. Development keeps the linked stylesheet, which Vite reloads on a change.
 */
function finish(html: string, nonce: string): string {
  if (import.meta.env.DEV) return html;
  return deferHydration(inlineStylesheet(html, stylesheet, nonce), nonce);
}

/**
 * Renders the whole document before answering. Every route loads its data in loaders (nothing is deferred),
 * so the shell is the whole page anyway; one buffered body is cheaper than a stream and gets a Content-Length.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  { cspNonce }: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(
          new Response(finish(Buffer.concat(chunks).toString(), cspNonce), {
            status: responseStatusCode,
            headers: responseHeaders,
          }),
        );
        callback();
      },
    });
    // React's and the router's own inline scripts take the nonce from here, the root's <Scripts> from CspNonce.
    const page = (
      <CspNonce.Provider value={cspNonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
      </CspNonce.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce: cspNonce,
      // Every Suspense boundary's HTML stays where it belongs. By default React moves a boundary of more than
      // 12.8 KB to the end of the document, to be put in place by a script once it arrives: meant for a stream, it
      // would only delay a whole document's paint and re-lay out the page when the script moves it.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        pipe(sink);
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
