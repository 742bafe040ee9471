/**
 * The gateway's browser script (PhonePe's checkout.js, or the local simulator's, which speaks the same way). Only
 * /checkout loads it, as it opens; no other page imports this module, so it never ships with their code.
 */

/** How the pay page closed: the shopper closed it, or it concluded. CONCLUDED says nothing of the outcome. */
export type PayPageResult = 'USER_CANCEL' | 'CONCLUDED';

/** What the script defines on `window` (PhonePe's "Invoke iframe PayPage"). */
export interface PhonePeCheckout {
  transact(options: { tokenUrl: string; callback: (response: string) => void; type?: 'IFRAME' }): void;
  closePage(): void;
}

declare global {
  interface Window {
    PhonePeCheckout?: PhonePeCheckout;
  }
}

/** The script's failure to load or to define PhonePeCheckout. */
export class GatewayScriptError extends Error {
  override name = 'GatewayScriptError';
}

const loads = new Map<string, Promise<PhonePeCheckout>>();

function insertScript(src: string): Promise<PhonePeCheckout> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    // The policy's 'strict-dynamic' already trusts a script the page's own code inserts; the nonce keeps it
    // allowed should the policy ever list hosts instead. The browser hides the attribute, not the property.
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      if (window.PhonePeCheckout) resolve(window.PhonePeCheckout);
      else reject(new GatewayScriptError(`${src} did not define PhonePeCheckout`));
    };
    script.onerror = () => {
      script.remove();
      reject(new GatewayScriptError(`${src} did not load`));
    };
    document.head.append(script);
  });
}

/** Loads the gateway's script once per page; a failed load is tried again on the next call. */
export function loadGateway(src: string): Promise<PhonePeCheckout> {
  if (window.PhonePeCheckout) return Promise.resolve(window.PhonePeCheckout);
  let loading = loads.get(src);
  if (!loading) {
    loading = insertScript(src);
    loads.set(src, loading);
    loading.catch(() => loads.delete(src));
  }
  return loading;
}

let openCheckout: PhonePeCheckout | null = null;

/** Opens the pay page in an iframe over the checkout and resolves when it closes. */
export function openPayPage(checkout: PhonePeCheckout, payPageUrl: string): Promise<PayPageResult> {
  return new Promise((resolve) => {
    openCheckout = checkout;
    checkout.transact({
      tokenUrl: payPageUrl,
      type: 'IFRAME',
      callback: (response) => {
        openCheckout = null;
        resolve(response === 'USER_CANCEL' ? 'USER_CANCEL' : 'CONCLUDED');
      },
    });
  });
}

/** Closes the pay page if one is open, e.g. when the shopper leaves checkout through the header. */
export function closePayPage(): void {
  const checkout = openCheckout;
  openCheckout = null;
  checkout?.closePage();
}
