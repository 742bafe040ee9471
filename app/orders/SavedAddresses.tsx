import type { Address } from '../../core/user';
import { addressValues, isSameAddress, type AddressValues } from './address';

interface SavedAddressesProps {
  addresses: readonly Address[];
  current: AddressValues;
  onPick: (values: AddressValues) => void;
}

/** The account's saved addresses as radio cards; picking one fills the form, which stays editable. */
export function SavedAddresses({ addresses, current, onPick }: SavedAddressesProps) {
  if (addresses.length === 0) return null;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3">
        <h2 className="text-lg font-semibold">Use a saved address</h2>
      </legend>
      {addresses.map((address) => (
        <label
          key={address._id}
          className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-4 has-checked:border-brand-700 has-checked:bg-brand-50"
        >
          <input
            type="radio"
            name="saved-address"
            value={address._id}
            checked={isSameAddress(current, address)}
            onChange={() => onPick(addressValues(address))}
            className="mt-1 size-4 accent-brand-700"
          />
          <span className="text-sm leading-6 text-stone-700">
            <span className="font-semibold text-ink">
              {address.fname} {address.lname}
            </span>
            {address.isDefault && (
              <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-medium text-stone-700">
                Default
              </span>
            )}
            <br />
            {[address.address1, address.address2].filter(Boolean).join(', ')}
            <br />
            {address.city}, {address.state} {address.pincode}
            <br />
            {address.phone} · {address.email}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
