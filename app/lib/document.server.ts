/**
 * What the server does to a rendered document before sending it, so that its first paint waits for nothing but the
 * HTML (decision 0042): the stylesheet goes inline, and the page's JavaScript loads once the main image has shown.
 */

/** The stylesheet inside the document's head, so no request blocks the first paint. */
export function inlineStylesheet(html: string, css: string, nonce: string): string {
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  // "</style" cannot occur in built CSS, but nothing in it may end the element early.
  const text = css.replace(/<\/style/gi, '<\\/style');
  return `${html.slice(0, head)}<style nonce="${nonce}">${text}</style>${html.slice(head)}`;
}

/** The type the router's module script gets while it waits: the browser runs no script of a type it does not know. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';

/** How long hydration waits at most for the main image (a slow network, a background tab). */
export const HYDRATION_WAIT_MS = 3000;

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const ROUTER_MODULE_SCRIPT = /<script([^>]*) type="module" async="">/;

/**
 * The script that starts the page's JavaScript: once the main image (the one with fetchpriority="high") is decoded
 * (or has failed) and the frame that shows it has been painted, or after the first paint on a page without one. It
 * then adds the module preloads the router wrote into the head, so the chunks load side by side, and runs the
 * router's module script under its nonce: each in a task of its own, as starting a request takes the main thread a
 * millisecond or more, a dozen of them too long for one task on a phone.
 */
function starter(preloads: string[]): string {
  return `(()=>{const s=document.currentScript.previousElementSibling,p=${JSON.stringify(preloads)};let d=0;const run=()=>{const m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;document.body.append(m)},go=()=>{if(d)return;d=1;for(const h of p)setTimeout(()=>{const l=document.createElement("link");l.rel="modulepreload";l.href=h;l.nonce=s.nonce;document.head.append(l)});setTimeout(run)},after=()=>requestAnimationFrame(()=>setTimeout(go)),i=document.querySelector("img[fetchpriority=high]");setTimeout(go,${HYDRATION_WAIT_MS});i?i.decode().then(after,after):after()})()`;
}

/**
 * Holds the page's JavaScript back until its first paint and its main image: the router's module preloads leave
 * the head, and its module script waits under another type for the starter that follows it. Without this, every
 * chunk (over 20 on a page) is requested with the HTML and shares the phone's bandwidth with the main image.
 * A document without the router's module script (none in development's error pages) comes back unchanged.
 */
export function deferHydration(html: string, nonce: string): string {
  const script = ROUTER_MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.slice(0, script.index).replace(MODULE_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  const moduleScriptEnd = html.indexOf('</script>', script.index) + '</script>'.length;
  const deferredScript = html
    .slice(script.index, moduleScriptEnd)
    .replace(ROUTER_MODULE_SCRIPT, `<script$1 type="${DEFERRED_MODULE_TYPE}">`);
  return (
    withoutPreloads +
    deferredScript +
    `<script nonce="${nonce}">${starter(preloads)}</script>` +
    html.slice(moduleScriptEnd)
  );
}
