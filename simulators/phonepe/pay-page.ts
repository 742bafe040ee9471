import { randomBytes } from 'node:crypto';
import { formatRupees, paiseToRupees } from '../../core/money.ts';
import type { SimulatorPayment } from './payments.ts';

/** What the iframe tells PhonePeCheckout.transact's callback. */
export type CheckoutStatus = 'CONCLUDED' | 'USER_CANCEL';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const newNonce = () => randomBytes(16).toString('base64');

/** Scripts and styles by this response's nonce only; the form posts back here; framed only by the shop. */
export function payPagePolicy(nonce: string, frameAncestors: readonly string[]): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

const STYLE = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:16px;
font:16px/1.5 system-ui,sans-serif;color:#1f1235;background:#f3effa}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:24px;box-shadow:0 8px 32px #2e106533}
.brand{margin:0 0 12px;color:#5f259f;font-weight:700}.brand span{font-weight:400;color:#5c5470}
h1{font-size:20px;margin:0}.amount{font-size:32px;font-weight:700;margin:8px 0 16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0 0 16px;font-size:14px}dt{color:#5c5470}
dd{margin:0;overflow-wrap:anywhere}.note{font-size:14px;color:#5c5470}
.actions{display:grid;gap:12px;margin-top:20px}
button{font:inherit;font-weight:600;min-height:48px;border-radius:10px;border:2px solid #5f259f;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.pay{background:#5f259f;color:#fff}.fail{background:#fff;color:#a1122f;border-color:#a1122f}
.cancel{background:#fff;color:#5f259f}a{color:#5f259f}`;

/** Reports a final payment to the opener: a message to the framing page, or the merchant's redirect. */
const SCRIPT = `(function(){var main=document.querySelector('main');var status=main.dataset.status;
if(status){if(window.parent!==window){window.parent.postMessage({source:'phonepe-simulator',status:status},'*');}
else{window.location.replace(main.dataset.redirect);}return;}
var form=document.querySelector('form');var sent=false;if(form)form.addEventListener('submit',function(event){
if(sent){event.preventDefault();return;}sent=true;main.setAttribute('aria-busy','true');});})();`;

function htmlDocument(title: string, nonce: string, main: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style></head><body>${main}
<script nonce="${nonce}">${SCRIPT}</script></body></html>`;
}

const BRAND = '<p class="brand">PhonePe <span>simulator</span></p>';
const rupees = (paise: number) => formatRupees(paiseToRupees(paise), { fixedDecimals: true });

/** The hosted pay page: who is paid, how much, and what the bank should answer. */
export function payPage(payment: SimulatorPayment, merchantName: string, nonce: string): string {
  const amount = rupees(payment.amountPaise);
  return htmlDocument(
    `Pay ${amount} to ${merchantName}`,
    nonce,
    `<main>${BRAND}<h1>Pay ${escapeHtml(merchantName)}</h1>
<p class="amount">${amount}</p>
<dl><dt>Order</dt><dd>${escapeHtml(payment.merchantOrderId)}</dd>
<dt>Pay before</dt><dd><time datetime="${payment.expireAt.toISOString()}">${payment.expireAt.toUTCString()}</time></dd></dl>
<p class="note">The shop's offline stand-in for PhonePe: no money moves. Choose what your bank answers.</p>
<form method="post"><div class="actions">
<button class="pay" name="outcome" value="PAY" autofocus>Pay</button>
<button class="fail" name="outcome" value="FAIL">Fail</button>
<button class="cancel" name="outcome" value="CANCEL">Cancel</button>
</div></form></main>`,
  );
}

function outcomeText(payment: SimulatorPayment, merchantName: string): { title: string; text: string } {
  if (payment.state === 'COMPLETED')
    return { title: 'Payment successful', text: `You paid ${rupees(payment.amountPaise)} to ${merchantName}.` };
  if (payment.errorCode === 'USER_CANCELLED') return { title: 'Payment cancelled', text: 'You cancelled the payment.' };
  if (payment.errorCode === 'TXN_NOT_COMPLETED')
    return { title: 'Payment expired', text: 'This payment was not completed in time.' };
  return { title: 'Payment failed', text: 'Your bank declined the payment. No money was taken.' };
}

/** A final payment's page: it hands the shopper back to the shop at once (the link is for pages without script). */
export function resultPage(payment: SimulatorPayment, merchantName: string, nonce: string): string {
  const { title, text } = outcomeText(payment, merchantName);
  const status: CheckoutStatus = payment.errorCode === 'USER_CANCELLED' ? 'USER_CANCEL' : 'CONCLUDED';
  const redirect = escapeHtml(payment.redirectUrl);
  return htmlDocument(
    title,
    nonce,
    `<main data-status="${status}" data-redirect="${redirect}">${BRAND}<h1>${title}</h1>
<p role="status">${escapeHtml(text)}</p><p><a href="${redirect}">Return to ${escapeHtml(merchantName)}</a></p></main>`,
  );
}

export function missingPage(nonce: string): string {
  return htmlDocument(
    'Payment not found',
    nonce,
    `<main>${BRAND}<h1>Payment not found</h1><p>This payment link is not valid. Please start again from the shop.</p></main>`,
  );
}
