/**
 * PhonePe Standard Checkout v2 over HTTP (../shared/docs/phonepe.md, decision 0019): PhonePe's hosts, or the local
 * simulator's, which speaks the same protocol. Every call has a timeout and bounded retries with backoff.
 */
import {
  GatewayError,
  PAY_PAGE_MISSING,
  PAY_PAGE_ORIGIN,
  foundOrNull,
  type CreatePaymentRequest,
  type CreatedPayment,
  type PaymentGateway,
  type PaymentStatus,
  type RefundRequest,
  type RefundStatus,
} from './gateway.ts';
import type { GatewayState } from '../../core/contracts/payments.ts';
import { request } from 'undici';

export const PHONEPE_HOSTS = {
  sandbox: {
    auth: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
    api: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
  },
  production: { auth: 'https://api.phonepe.com/apis/identity-manager', api: 'https://api.phonepe.com/apis/pg' },
} as const;

export interface PhonePeOptions {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  clientVersion: number;
  /** Per HTTP attempt. */
  timeoutMs?: number;
  /** Further tries after a timeout, a network error, a 429 or a 5xx. */
  retries?: number;
  /** The first pause between tries; it doubles each time. */
  backoffMs?: number;
  /**
   * The origins a created payment's pay page (its redirectUrl) may have (PHONEPE_PAY_PAGE_ORIGINS); any other is
   * refused, never passed on to the browser. Absent: not checked (the adapter's own tests).
   */
  payPageOrigins?: readonly string[];
  /** Hears why a payment was refused. */
  log?: (message: string) => void;
}

interface CachedToken {
  value: string;
  /** Epoch ms after which a new one is fetched: halfway through its life, as PhonePe's SDK does. */
  refreshAt: number;
}

type Answer = { status: number; body: Record<string, unknown> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const int = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export class PhonePeGateway implements PaymentGateway {
  private token: CachedToken | null = null;
  private tokenRequest: Promise<CachedToken> | null = null;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(private readonly options: PhonePeOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? 250;
  }

  async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
    const body = {
      merchantOrderId: request.merchantOrderId,
      amount: request.amountPaise,
      expireAfter: request.expireAfterSeconds,
      metaInfo: request.metaInfo ?? {},
      paymentFlow: {
        type: 'PG_CHECKOUT',
        message: request.message,
        merchantUrls: { redirectUrl: request.redirectUrl },
      },
    };
    // A second pay with the same id is refused: when the first one's outcome is unknown and it did arrive, its
    // redirect URL is lost with its answer, and the shopper starts a new attempt.
    const { body: created } = await this.sendOnce(
      () => this.call('POST', '/checkout/v2/pay', body, { retry: false }),
      async () => {
        if (!(await foundOrNull(this.paymentStatus(request.merchantOrderId)))) return null;
        throw new GatewayError('unavailable', 'The payment was created but its answer was lost');
      },
    );
    return {
      gatewayOrderId: text(created.orderId) ?? '',
      state: gatewayState(created.state),
      expireAt: int(created.expireAt),
      redirectUrl: this.payPage(created.redirectUrl),
    };
  }

  /**
   * The pay page a created payment answered, when its origin is one the shop expects: what the storefront's policy
   * lets it frame and the browser opens. Another (a misconfigured or compromised gateway host) is refused: the
   * service answers 502 and the attempt fails.
   */
  private payPage(value: unknown): string {
    const allowed = this.options.payPageOrigins;
    const url = text(value) ?? '';
    if (!url)
      throw new GatewayError('rejected', 'The payment gateway answered no pay page', undefined, PAY_PAGE_MISSING);
    if (!allowed) return url;
    const origin = URL.canParse(url) ? new URL(url).origin : null;
    if (origin && allowed.includes(origin)) return url;
    const shown = origin && origin !== 'null' ? origin : 'no http(s) address';
    this.options.log?.(
      `The payment gateway's pay page (${shown}) is not in PHONEPE_PAY_PAGE_ORIGINS (${allowed.join(', ')}): refused`,
    );
    throw new GatewayError(
      'rejected',
      'The payment gateway answered an unexpected pay page',
      undefined,
      PAY_PAGE_ORIGIN,
    );
  }

  async paymentStatus(merchantOrderId: string): Promise<PaymentStatus> {
    const path = `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status?details=true`;
    const { body } = await this.call('GET', path);
    const details = Array.isArray(body.paymentDetails) ? (body.paymentDetails as Record<string, unknown>[]) : [];
    const settled = details.find((detail) => detail.state === 'COMPLETED') ?? details.at(-1);
    return {
      gatewayOrderId: text(body.orderId) ?? '',
      state: gatewayState(body.state),
      amountPaise: int(settled?.amount ?? body.amount),
      errorCode: text(body.errorCode) ?? text(settled?.errorCode),
      transactionId: text(settled?.transactionId),
    };
  }

  async refund(request: RefundRequest): Promise<RefundStatus> {
    const body = {
      merchantRefundId: request.merchantRefundId,
      originalMerchantOrderId: request.originalMerchantOrderId,
      amount: request.amountPaise,
    };
    // A second refund with the same id is refused too: one that arrived answers with its status instead.
    return this.sendOnce(
      async () => refundStatusOf((await this.call('POST', '/payments/v2/refund', body, { retry: false })).body),
      () => foundOrNull(this.refundStatus(request.merchantRefundId)),
    );
  }

  async refundStatus(merchantRefundId: string): Promise<RefundStatus> {
    const { body } = await this.call('GET', `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`);
    return refundStatusOf(body);
  }

  /**
   * A call that creates something the gateway will not create twice under the same id. When its outcome is
   * unknown (a timeout, a 5xx), `arrived` asks the gateway first: what it answers stands for the lost answer, and
   * only when the call did not arrive (null) is it sent again, with backoff.
   */
  private async sendOnce<T>(send: () => Promise<T>, arrived: () => Promise<T | null>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof GatewayError) || error.kind !== 'unavailable') throw error;
        const found = await arrived();
        if (found !== null) return found;
        if (attempt >= this.retries) throw error;
        await sleep(this.backoffMs * 2 ** attempt);
      }
    }
  }

  /** An API call with the cached token; a 401 fetches a new token and tries once more. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown, { retry = true } = {}): Promise<Answer> {
    for (let renewed = false; ; renewed = true) {
      const token = await this.accessToken();
      const answer = await this.send(
        `${this.options.apiUrl}${path}`,
        {
          method,
          headers: {
            authorization: `O-Bearer ${token.value}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        retry,
      );
      if (answer.status === 401 && !renewed) {
        if (this.token === token) this.token = null;
        continue;
      }
      return expectOk(answer);
    }
  }

  /** The cached token, or one fetch shared by every caller waiting for it. */
  private async accessToken(): Promise<CachedToken> {
    if (this.token && Date.now() < this.token.refreshAt) return this.token;
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<CachedToken> {
    const form = new URLSearchParams({
      client_id: this.options.clientId,
      client_version: String(this.options.clientVersion),
      client_secret: this.options.clientSecret,
      grant_type: 'client_credentials',
    });
    const answer = expectOk(
      await this.send(`${this.options.authUrl}/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      }),
    );
    const value = text(answer.body.access_token);
    if (!value) throw new GatewayError('unavailable', 'The gateway gave no access token');
    const issuedMs = int(answer.body.issued_at) * 1000 || Date.now();
    const expiresMs = int(answer.body.expires_at) * 1000;
    const refreshAt = expiresMs > issuedMs ? issuedMs + (expiresMs - issuedMs) / 2 : Date.now() + 60_000;
    this.token = { value, refreshAt };
    return this.token;
  }

  /** One request with a timeout; network errors, timeouts, 429 and 5xx are tried again when `retry` allows. */
  private async send(url: string, init: OutgoingRequest, retry = true): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const last = !retry || attempt >= this.retries;
      try {
        // undici's request over its kept-alive connections: a fraction of fetch's cost per call.
        const response = await request(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
        const body: unknown = await response.body.json().catch(() => ({}));
        const answer = { status: response.statusCode, body: (body ?? {}) as Record<string, unknown> };
        if ((answer.status >= 500 || answer.status === 429) && !last) {
          await sleep(this.backoffMs * 2 ** attempt);
          continue;
        }
        return answer;
      } catch (error) {
        if (last) {
          const timedOut = error instanceof Error && error.name === 'TimeoutError';
          throw new GatewayError('unavailable', `The payment gateway ${timedOut ? 'timed out' : 'is unreachable'}`);
        }
        await sleep(this.backoffMs * 2 ** attempt);
      }
    }
  }
}

interface OutgoingRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

function expectOk(answer: Answer): Answer {
  const { status, body } = answer;
  if (status >= 200 && status < 300) return answer;
  const code = text(body.code) ?? text(body.errorCode) ?? undefined;
  const message = text(body.message) ?? `The payment gateway answered ${status}`;
  if (status === 404) throw new GatewayError('not-found', message, status, code);
  if (status >= 500 || status === 429) throw new GatewayError('unavailable', message, status, code);
  throw new GatewayError('rejected', message, status, code);
}

function gatewayState(value: unknown): GatewayState {
  return value === 'COMPLETED' || value === 'FAILED' ? value : 'PENDING';
}

function refundStatusOf(body: Record<string, unknown>): RefundStatus {
  const state = body.state;
  return {
    refundId: text(body.refundId) ?? '',
    state: state === 'COMPLETED' || state === 'FAILED' || state === 'CONFIRMED' ? state : 'PENDING',
    amountPaise: int(body.amount),
    errorCode: text(body.errorCode),
  };
}
