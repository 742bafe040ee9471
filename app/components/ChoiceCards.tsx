import type { ReactNode } from 'react';

interface ChoiceCardsProps<T> {
  legend: string;
  /** The radio group's name. */
  name: string;
  choices: readonly T[];
  keyOf: (choice: T) => string;
  isChosen: (choice: T) => boolean;
  onChoose: (choice: T) => void;
  /** A choice shown but not to be chosen (its reason said beside the group). */
  isDisabled?: (choice: T) => boolean;
  children: (choice: T) => ReactNode;
}

/** A radio group drawn as cards, the chosen one highlighted: checkout's payment method and saved addresses. */
export function ChoiceCards<T>({
  legend,
  name,
  choices,
  keyOf,
  isChosen,
  onChoose,
  isDisabled = () => false,
  children,
}: ChoiceCardsProps<T>) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3">
        <h2 className="text-lg font-semibold">{legend}</h2>
      </legend>
      {choices.map((choice) => (
        <label
          key={keyOf(choice)}
          className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-4 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-60"
        >
          <input
            type="radio"
            name={name}
            value={keyOf(choice)}
            checked={isChosen(choice)}
            disabled={isDisabled(choice)}
            onChange={() => onChoose(choice)}
            className="mt-1 size-4 accent-brand-700"
          />
          {children(choice)}
        </label>
      ))}
    </fieldset>
  );
}
