import { describe, expect, it } from 'vitest';
import { DEFERRED_MODULE_TYPE, deferHydration, inlineStylesheet } from './document.server';

const NONCE = 'bm9uY2Ugb2YgdGhpcyBwYWdl';
const MODULE_SCRIPT = `<script nonce="${NONCE}" type="module" async="">;
import * as route0 from "/assets/root-A.js";
window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-B.js");</script>`;
// The shape React Router and React write: preloads hoisted into the head, the module script after the body's markup.
const DOCUMENT =
  `<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><title>Home</title>` +
  `<link nonce="" rel="icon" href="/favicon.svg" type="image/svg+xml"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/root-A.js" nonce="${NONCE}"/></head>` +
  `<body><main><img src="/media/a/960.webp" fetchpriority="high"/></main>` +
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>${MODULE_SCRIPT}` +
  `<!--$--><script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("[]");</script><!--/$--></body></html>`;

describe('inlineStylesheet', () => {
  it('puts the stylesheet at the end of the head, under the nonce', () => {
    const html = inlineStylesheet(DOCUMENT, '.a{color:red}', NONCE);
    expect(html).toContain(`<style nonce="${NONCE}">.a{color:red}</style></head>`);
    expect(html.replace(`<style nonce="${NONCE}">.a{color:red}</style>`, '')).toBe(DOCUMENT);
  });

  it('cannot end the element early', () => {
    const html = inlineStylesheet(DOCUMENT, '.a::after{content:"</style><script>"}', NONCE);
    expect(html.match(/<\/style/gi)).toHaveLength(1);
  });

  it('leaves a fragment without a head alone', () => {
    expect(inlineStylesheet('<p>hi</p>', '.a{}', NONCE)).toBe('<p>hi</p>');
  });
});

describe('deferHydration', () => {
  const html = deferHydration(DOCUMENT, NONCE);
  const head = html.slice(0, html.indexOf('</head>'));

  it('takes the module preloads out of the head', () => {
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('rel="icon"');
  });

  it('keeps the module script, nonced, under a type the browser does not run, and its text unchanged', () => {
    const deferred = new RegExp(`<script nonce="${NONCE}" type="${DEFERRED_MODULE_TYPE}">([\\s\\S]*?)</script>`).exec(
      html,
    );
    expect(deferred?.[1]).toBe(MODULE_SCRIPT.slice(MODULE_SCRIPT.indexOf('>') + 1, -'</script>'.length));
    expect(html).not.toMatch(/<script[^>]* type="module"/);
  });

  it('follows it with a nonced starter that preloads the same chunks, in order', () => {
    const starter = new RegExp(
      `type="${DEFERRED_MODULE_TYPE}">[\\s\\S]*?</script><script nonce="${NONCE}">(.*?)</script>`,
    ).exec(html)?.[1];
    expect(starter).toContain('["/assets/entry.client-B.js","/assets/root-A.js"]');
    expect(starter).toContain('img[fetchpriority=high]');
  });

  it('keeps everything else where it was', () => {
    expect(html).toContain('<main><img src="/media/a/960.webp" fetchpriority="high"/></main>');
    expect(html.endsWith('enqueue("[]");</script><!--/$--></body></html>')).toBe(true);
  });

  it('leaves a document without the router module script alone', () => {
    const plain = '<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(deferHydration(plain, NONCE)).toBe(plain);
  });
});
