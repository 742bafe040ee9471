/**
 * Prepaid checkout in the browser (spec section 4): place the order, start a payment attempt for it, and open the
 * gateway's pay page over the checkout. The outcome is never read from the browser: CONCLUDED sends the shopper
 * to the status page, which asks the server.
 */
import { PAYMENT_MESSAGES, type CreatePaymentResponse } from '../../core/contracts/payments';
import { ApiError } from '../lib/http';
import type { GatewaySettings } from '../lib/use-shop';
import { createPayment } from './api';
import { loadGateway, openPayPage, type PayPageResult } from './gateway';
import { isPayPageUrl } from './redirect-url';
import { tabStorage } from './tab-storage';
import { forgetUnpaidOrder, recallUnpaidOrder, rememberUnpaidOrder } from './unpaid-order';

/** How the pay page closed, for which order. */
export interface PaymentOutcome {
  orderId: string;
  result: PayPageResult;
}

/** A payment that could not be opened, with what to tell the shopper (an ApiError with no HTTP status). */
export class PaymentError extends ApiError {
  constructor(message: string) {
    super(0, message);
    this.name = 'PaymentError';
  }
}

type Attempt = Pick<CreatePaymentResponse, 'redirectUrl'>;

/**
 * Opens an attempt's pay page: its address must be an absolute http(s) URL on one of the gateway's pay page origins
 * ('Payment failed. Invalid redirect URL.' otherwise), and the gateway's script must load.
 */
async function openAttempt(
  orderId: string,
  { redirectUrl }: Attempt,
  { scriptUrl, payPageOrigins }: GatewaySettings,
): Promise<PaymentOutcome> {
  if (!isPayPageUrl(redirectUrl, payPageOrigins)) throw new PaymentError(PAYMENT_MESSAGES.invalidRedirect);
  const checkout = await loadGateway(scriptUrl).catch(() => {
    throw new PaymentError(PAYMENT_MESSAGES.gatewayUnavailable);
  });
  return { orderId, result: await openPayPage(checkout, redirectUrl) };
}

/** A new payment attempt for an order that awaits payment, e.g. after a failed one (the status page's Try again). */
export async function payForOrder(orderId: string, gateway: GatewaySettings): Promise<PaymentOutcome> {
  return openAttempt(orderId, await createPayment(orderId), gateway);
}

/**
 * A new attempt for the order this tab remembers, or what became of it: 'paid' (paid meanwhile, e.g. in another
 * tab) or null when it can no longer be paid (expired, cancelled, not found), which forgets it.
 */
async function retryRemembered(orderId: string, storage: Storage): Promise<CreatePaymentResponse | 'paid' | null> {
  try {
    return await createPayment(orderId);
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 409)) throw error;
    forgetUnpaidOrder(orderId, storage);
    return error.message === PAYMENT_MESSAGES.alreadyPaid ? 'paid' : null;
  }
}

interface PrepaidCheckout {
  /** Places the order and resolves with its orderId. */
  placeOrder: () => Promise<string>;
  /** The cart lines and address being ordered (checkoutFingerprint). */
  fingerprint: string;
  /** The gateway's script and pay page origins. */
  gateway: GatewaySettings;
  storage?: Storage;
}

/**
 * Place Order with prepaid. For the cart and address of an unpaid order this tab placed (the shopper cancelled or
 * failed the payment), a new attempt for that order; otherwise a new order. The order is remembered as soon as it
 * exists, so a payment that fails to start is retried on the same order too. Errors are the server's
 * (ApiError) or a PaymentError.
 */
export async function checkoutPrepaid({
  placeOrder,
  fingerprint,
  gateway,
  storage = tabStorage(),
}: PrepaidCheckout): Promise<PaymentOutcome> {
  const open = (orderId: string, attempt: CreatePaymentResponse) => {
    rememberUnpaidOrder({ orderId, fingerprint, expiresAt: attempt.expiresAt }, storage);
    return openAttempt(orderId, attempt, gateway);
  };
  const remembered = recallUnpaidOrder(fingerprint, { storage });
  if (remembered) {
    const attempt = await retryRemembered(remembered.orderId, storage);
    if (attempt === 'paid') return { orderId: remembered.orderId, result: 'CONCLUDED' };
    if (attempt) return open(remembered.orderId, attempt);
  }
  const orderId = await placeOrder();
  rememberUnpaidOrder({ orderId, fingerprint }, storage);
  return open(orderId, await createPayment(orderId));
}
