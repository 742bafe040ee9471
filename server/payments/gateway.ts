/**
 * What the shop needs of a payment gateway (decision 0019). `PhonePeGateway` speaks PhonePe's Standard Checkout v2
 * over HTTP, to PhonePe or to the local simulator; nothing else implements this.
 */
import type { GatewayState } from '../../core/contracts/payments.ts';

export interface CreatePaymentRequest {
  /** Ours, unique per attempt: letters, digits, _ and -, at most 63 characters. */
  merchantOrderId: string;
  amountPaise: number;
  /** 300 to 3600 seconds. */
  expireAfterSeconds: number;
  /** Where the gateway sends the browser after paying. */
  redirectUrl: string;
  /** Shown on the pay page. */
  message: string;
  /** Free-form fields the gateway echoes back (udf1…udf5). */
  metaInfo?: Record<string, string>;
}

export interface CreatedPayment {
  gatewayOrderId: string;
  state: GatewayState;
  /** Epoch milliseconds. */
  expireAt: number;
  redirectUrl: string;
}

export interface PaymentStatus {
  gatewayOrderId: string;
  state: GatewayState;
  amountPaise: number;
  errorCode: string | null;
  /** The successful (or last) transaction, when details were asked for. */
  transactionId: string | null;
}

export interface RefundRequest {
  merchantRefundId: string;
  originalMerchantOrderId: string;
  amountPaise: number;
}

export interface RefundStatus {
  refundId: string;
  state: 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'FAILED';
  amountPaise: number;
  errorCode: string | null;
}

export interface PaymentGateway {
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /** Unknown merchantOrderId: GatewayError with kind 'not-found'. */
  paymentStatus(merchantOrderId: string): Promise<PaymentStatus>;
  refund(request: RefundRequest): Promise<RefundStatus>;
  refundStatus(merchantRefundId: string): Promise<RefundStatus>;
}

/**
 * Why a gateway call failed. `unavailable`: timeouts, connection errors and 5xx after the retries (the outcome
 * of a create may be unknown); `rejected`: a 4xx the gateway means (bad request, duplicate id); `not-found`.
 */
/** Codes of a created payment whose pay page the shop refused: none, or not on PHONEPE_PAY_PAGE_ORIGINS. */
export const PAY_PAGE_MISSING = 'PAY_PAGE_MISSING';
export const PAY_PAGE_ORIGIN = 'PAY_PAGE_ORIGIN';

export class GatewayError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected' | 'not-found',
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** What a gateway lookup finds; null when the gateway has no such thing (other failures are thrown). */
export async function foundOrNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'not-found') return null;
    throw error;
  }
}
