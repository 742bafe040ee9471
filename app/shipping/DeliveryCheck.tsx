import { useEffect, useId, useState, type FormEvent } from 'react';
import { PINCODE_DIGITS, REMEMBERED_PIN_KEY } from '../../core/constants';
import type { Checked } from './check-delivery';

/**
 * The product page's "Check delivery" (issue 34): a PIN, and what the shop can say of delivering one unit of the
 * product there. The asking code loads on the first check (decision 0011); the PIN is kept for checkout.
 */
export function DeliveryCheck({ productId }: { productId: string }) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Checked | null>(null);
  // After hydration: the server cannot know this browser's PIN. Read here, not through app/lib/remembered-pin, which
  // would be one more file for the page to load (decision 0011); storage refused leaves the field empty.
  useEffect(() => {
    try {
      setPin((typed) => typed || localStorage.getItem(REMEMBERED_PIN_KEY) || '');
    } catch {
      // Not remembered.
    }
  }, []);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { checkDelivery } = await import('./check-delivery');
      setShown(await checkDelivery(pin.trim(), productId));
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
