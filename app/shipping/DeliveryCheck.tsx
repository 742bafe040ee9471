import { useEffect, useId, useState, type FormEvent } from 'react';
import { deliveryLines } from '../../core/delivery';
import { PINCODE_DIGITS } from '../../core/constants';
import { rememberedPin, rememberPin } from '../lib/remembered-pin';

type Shown = { lines: string[]; served: boolean } | { error: string } | null;

/**
 * The product page's "Check delivery" (issue 34): a PIN, and what the shop can say of delivering one unit of the
 * product there. The asking code loads on the first check (decision 0011); the PIN is kept for checkout.
 */
export function DeliveryCheck({ productId }: { productId: string }) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  // After hydration: the server cannot know this browser's PIN.
  useEffect(() => setPin((typed) => typed || rememberedPin() || ''), []);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const asked = pin.trim();
    setBusy(true);
    try {
      const { estimateDelivery } = await import('../components/form/delivery-estimate');
      const outcome = await estimateDelivery(asked, productId);
      if (!outcome.ok) return setShown({ error: outcome.message });
      rememberPin(asked);
      setShown({ lines: deliveryLines(outcome.estimate), served: outcome.estimate.serviceable });
    } catch {
      setShown({ error: 'Could not check delivery. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void check(event)} noValidate className="mt-4 space-y-2" aria-label="Check delivery">
      <label htmlFor={id} className="block text-sm font-semibold">
        PIN code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="pin"
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={PINCODE_DIGITS}
          className="w-32 rounded-md border border-stone-300 px-3 py-2 text-sm"
        />
        <button type="submit" className="btn-secondary" disabled={busy}>
          Check delivery
        </button>
      </div>
      <div role="status" data-testid="delivery-check" className="text-sm">
        {shown &&
          ('error' in shown ? (
            <p className="text-red-700">{shown.error}</p>
          ) : (
            shown.lines.map((line) => (
              <p key={line} className={shown.served ? 'text-stone-800' : 'text-red-700'}>
                {line}
              </p>
            ))
          ))}
      </div>
    </form>
  );
}
