import type { CreatePaymentResponse, PaymentStatusResponse } from '../../core/contracts/payments';
import { api, post } from '../lib/http';

/**
 * Starts a new payment attempt for an unpaid prepaid order: the gateway's pay page (`redirectUrl`) for the order's
 * amount, which the server reads from the order. Each call is a new attempt, so a failed one can be retried.
 */
export const createPayment = (orderId: string) => post<CreatePaymentResponse>('/api/payment/create-order', { orderId });

/** The order's payment as the gateway sees it (`data.state`); the server asks the gateway while it is not final. */
export const getPaymentStatus = (orderId: string) =>
  api<PaymentStatusResponse>(`/api/payment/get-order-status?merchantOrderId=${encodeURIComponent(orderId)}`);
