import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../lib/http';
import { getPaymentStatus } from './api';
import { afterAnswer, afterError, type PaymentView } from './status-polling';

/**
 * The order's payment, asked of the server once `enabled` (the session is known) and polled while pending (see
 * status-polling). `checkAgain` polls once more for a while after the page stopped waiting.
 */
export function usePaymentStatus(orderId: string, enabled: boolean): PaymentView & { checkAgain: () => void } {
  const [shown, setShown] = useState<{ orderId: string; view: PaymentView } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: PaymentView = { view: 'checking' };
    const started = Date.now();
    const show = ({ shown: view, askAgainInMs }: ReturnType<typeof afterAnswer>) => {
      last = view;
      setShown({ orderId, view });
      if (askAgainInMs !== null) timer = setTimeout(ask, askAgainInMs);
    };
    function ask() {
      getPaymentStatus(orderId).then(
        ({ data }) => active && show(afterAnswer(data, Date.now() - started)),
        (error: unknown) => active && show(afterError(last, errorMessage(error), Date.now() - started)),
      );
    }
    ask();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [orderId, enabled, round]);

  const checkAgain = useCallback(() => {
    setShown((current) =>
      current && 'payment' in current.view
        ? { orderId: current.orderId, view: { view: 'waiting', payment: current.view.payment } }
        : null,
    );
    setRound((value) => value + 1);
  }, []);

  const view = shown?.orderId === orderId ? shown.view : { view: 'checking' as const };
  return { ...view, checkAgain };
}
