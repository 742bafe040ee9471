/**
 * The job that mails a cash-on-delivery order's confirmation. PlaceOrder schedules it in the order's transaction,
 * so the mail is certain once the order is committed, and the job loop renders and queues it just after: the
 * shopper's request does not wait for the mail (OrderService.register handles it).
 */
export const ORDER_CONFIRMATION_JOB = 'order-confirmation';
