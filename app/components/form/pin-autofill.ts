// Checkout's and the account's address form fill city and state from the PIN as it is typed (issue 34, decision
// 0070): the city from the PIN's first district, the state from its first state. Both stay editable, and what the
// shopper types there afterwards stays until the PIN changes; an unknown PIN says so and blocks nothing.
import { useRef, useState } from 'react';
import { PIN_MESSAGES, isPinShaped, pincodeEndpoint, type PinAnswer } from '../../../core/contracts/shipping';
import { ApiError, call } from '../../lib/http';

/** A PIN's answer, or null when the directory does not know it. */
export type PinLookUp = (pin: string) => Promise<PinAnswer | null>;

export const lookUpPin: PinLookUp = async (pin) => {
  try {
    return await call(pincodeEndpoint, { params: { pin } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export interface PinAutofillEvents {
  /** Sets a field as if the shopper had typed it (so its message updates). */
  fill: (name: 'city' | 'state', value: string) => void;
  /** The sentence under the PIN field, or null to clear it. */
  notice: (message: string | null) => void;
}

/**
 * Follows the PIN field's value: each new six-digit PIN is looked up once, and only the answer for the PIN still
 * typed is applied (a slow answer for an earlier PIN is dropped). A failed look-up (offline) leaves the form alone.
 */
export class PinAutofill {
  private current: string;

  constructor(
    private readonly lookUp: PinLookUp,
    private readonly events: PinAutofillEvents,
    /** The PIN the form starts with (a saved address): its city and state are the shopper's, not refilled. */
    initialPin = '',
  ) {
    this.current = initialPin;
  }

  async pinTyped(value: string): Promise<void> {
    if (value === this.current) return;
    this.current = value;
    this.events.notice(null);
    if (!isPinShaped(value)) return;
    const answer = await this.lookUp(value).catch(() => undefined);
    if (answer === undefined || this.current !== value) return;
    if (answer === null) return this.events.notice(PIN_MESSAGES.unknown);
    const [district] = answer.districts;
    const [state] = answer.states;
    if (district) this.events.fill('city', district);
    if (state) this.events.fill('state', state.name);
  }
}

/** The form's PIN autofill: call `pinTyped` from the PIN field's change, show `notice` under it. */
export function usePinAutofill(initialPin: string, fill: PinAutofillEvents['fill']) {
  const [notice, setNotice] = useState<string | null>(null);
  const latestFill = useRef(fill);
  latestFill.current = fill;
  const autofill = useRef<PinAutofill | null>(null);
  autofill.current ??= new PinAutofill(
    lookUpPin,
    { fill: (name, value) => latestFill.current(name, value), notice: setNotice },
    initialPin,
  );
  return { notice, pinTyped: (value: string) => void autofill.current!.pinTyped(value) };
}
