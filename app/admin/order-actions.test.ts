// The retry-the-refund form as the server renders it: shown only for a failed refund, its reason labelled.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RetryRefundForm, refundFailed } from './OrderActions';
import { AdminViewerContext } from './viewer';
import type { AdminOrder } from '../../core/contracts/admin-orders';
import type { AdminViewer } from '../../core/contracts/admin-session';

const order = { orderId: 'K7Q2M9X4T1B8C3D6F5G0H2J4', paymentMethod: 'prepaid', status: 'cancelled' } as AdminOrder;

describe('retrying a failed refund from the order page', () => {
  it('is offered only when the refund failed', () => {
    expect(refundFailed({ ...order, paymentState: 'refund_failed' })).toBe(true);
    for (const paymentState of ['paid', 'refund_pending', 'refunded', 'pending'] as const) {
      expect(refundFailed({ ...order, paymentState })).toBe(false);
    }
  });

  it('asks for the reason in a labelled, required text area', () => {
    const viewer = { csrfToken: 'token' } as AdminViewer;
    // The form posts to the order page's action: it renders inside a route.
    const Stub = createRoutesStub([
      {
        path: '/admin/orders/:orderId',
        Component: () => createElement(AdminViewerContext.Provider, { value: viewer }, createElement(RetryRefundForm)),
      },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: [`/admin/orders/${order.orderId}`] }));
    expect(html).toContain('Retry the refund');
    const label = /<label[^>]*for="([^"]+)"[^>]*>Reason for retrying/.exec(html);
    expect(label, html).not.toBeNull();
    expect(html).toMatch(new RegExp(`<textarea[^>]*id="${label![1]}"[^>]*required`));
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Retry refund<\/button>/);
  });
});
