interface QuantityStepperProps {
  quantity: number;
  label: string;
  canDecrease: boolean;
  canIncrease: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
}

/** − quantity +; the caller decides the limits, which differ between the product page and the cart. */
export function QuantityStepper({
  quantity,
  label,
  canDecrease,
  canIncrease,
  onDecrease,
  onIncrease,
}: QuantityStepperProps) {
  const buttonClass =
    'flex size-10 items-center justify-center text-lg disabled:cursor-not-allowed disabled:text-stone-400';
  return (
    <div className="inline-flex items-center rounded-md border border-stone-300" role="group" aria-label={label}>
      <button
        type="button"
        className={buttonClass}
        aria-label="Decrease quantity"
        disabled={!canDecrease}
        onClick={onDecrease}
      >
        −
      </button>
      <output className="w-10 text-center font-medium" aria-live="polite" data-testid="quantity">
        {quantity}
      </output>
      <button
        type="button"
        className={buttonClass}
        aria-label="Increase quantity"
        disabled={!canIncrease}
        onClick={onIncrease}
      >
        +
      </button>
    </div>
  );
}
