import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../core/order';
import { AccountSection } from '../components/AccountSection';
import { Spinner } from '../components/Spinner';
import { ApiError, errorMessage } from '../lib/http';
import { toast } from '../lib/toast';
import { cancelOrder, getUserOrders } from './api';
import { OrderCard } from './OrderCard';

/** Spec section 8: the server's message, else 'Sorry for Inconvenience' (a network failure, say). */
const loadFailure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? error.message : 'Sorry for Inconvenience';

type OrdersState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; orders: Order[] };

/** The signed-in shopper's orders, newest first as the server sends them. */
export function OrdersSection() {
  const [state, setState] = useState<OrdersState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    getUserOrders().then(
      (orders) => current && setState({ status: 'ready', orders }),
      (error: unknown) => current && setState({ status: 'failed', message: loadFailure(error) }),
    );
    return () => {
      current = false;
    };
  }, []);

  async function cancel(order: Order): Promise<boolean> {
    if (!window.confirm('Cancel this order?')) return false;
    try {
      const answer = await cancelOrder(order.orderId);
      setState((previous) =>
        previous.status === 'ready'
          ? {
              ...previous,
              orders: previous.orders.map((shown) => (shown.orderId === answer.order.orderId ? answer.order : shown)),
            }
          : previous,
      );
      toast.success(answer.message);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  }

  return (
    <AccountSection title="Your Orders">
      {state.status === 'loading' && <Spinner label="Loading your orders" />}
      {state.status === 'failed' && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && state.orders.length === 0 && (
        <>
          <p className="text-stone-700">No orders yet.</p>
          <Link to="/shop" className="btn-primary">
            Browse the shop
          </Link>
        </>
      )}
      {state.status === 'ready' && state.orders.length > 0 && (
        <ul className="space-y-4">
          {state.orders.map((order) => (
            <li key={order.orderId}>
              <OrderCard order={order} onCancel={cancel} />
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
