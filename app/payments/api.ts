import { createPaymentEndpoint, paymentStatusEndpoint } from '../../core/contracts/payments';
import { call } from '../lib/http';

/**
 * Starts a new payment attempt for an unpaid prepaid order: the gateway's pay page (`redirectUrl`) for the order's
 * amount, which the server reads from the order. Each call is a new attempt, so a failed one can be retried.
 */
export const createPayment = (orderId: string) => call(createPaymentEndpoint, { body: { orderId } });

/** The order's payment as the gateway sees it (`data.state`); the server asks the gateway while it is not final. */
export const getPaymentStatus = (orderId: string) =>
  call(paymentStatusEndpoint, { query: { merchantOrderId: orderId } });
