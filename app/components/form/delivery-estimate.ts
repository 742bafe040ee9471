// Asks the shop whether a PIN is delivered to (GET /api/shipping/estimate): checkout as the PIN is typed, the product
// page on its first "Check delivery" (it loads this then, so its first bundle carries neither the contract nor the
// HTTP client, decision 0011).
import { useEffect, useState } from 'react';
import { deliveryEstimateEndpoint, isPinShaped, PIN_MESSAGES } from '../../../core/contracts/shipping';
import type { DeliveryFacts } from '../../../core/delivery';
import { call, errorMessage } from '../../lib/http';

export type EstimateOutcome = { ok: true; estimate: DeliveryFacts } | { ok: false; message: string };

/** The estimate for one unit of `productId` (the default parcel without one), or the sentence to show instead. */
export async function estimateDelivery(pin: string, productId?: string): Promise<EstimateOutcome> {
  if (!isPinShaped(pin)) return { ok: false, message: PIN_MESSAGES.invalid };
  try {
    const query = productId ? { pin, productId } : { pin };
    return { ok: true, estimate: await call(deliveryEstimateEndpoint, { query }) };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}

/**
 * The estimate for the PIN as typed (the default parcel; the order's own parcel is checked when it is placed), or
 * null while there is none: no six-digit PIN yet, still asking, or the shop could not be reached (the server decides).
 */
export function useDeliveryEstimate(pin: string): DeliveryFacts | null {
  const [known, setKnown] = useState<{ pin: string; estimate: DeliveryFacts } | null>(null);
  useEffect(() => {
    if (!isPinShaped(pin)) return;
    let current = true;
    void estimateDelivery(pin).then((outcome) => {
      if (current && outcome.ok) setKnown({ pin, estimate: outcome.estimate });
    });
    return () => {
      current = false;
    };
  }, [pin]);
  return known?.pin === pin ? known.estimate : null;
}
