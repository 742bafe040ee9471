import type { Address } from '../../core/user';
import { ChoiceCards } from '../components/ChoiceCards';
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
    <ChoiceCards
      legend="Use a saved address"
      name="saved-address"
      choices={addresses}
      keyOf={(address) => address._id}
      isChosen={(address) => isSameAddress(current, address)}
      onChoose={(address) => onPick(addressValues(address))}
    >
      {(address) => (
        <span className="text-sm leading-6 text-stone-700">
          <span className="font-semibold text-ink">
            {address.fname} {address.lname}
          </span>
          {address.isDefault && (
            <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-medium text-stone-700">Default</span>
          )}
          <br />
          {[address.address1, address.address2].filter(Boolean).join(', ')}
          <br />
          {address.city}, {address.state} {address.pincode}
          <br />
          {address.phone} · {address.email}
        </span>
      )}
    </ChoiceCards>
  );
}
