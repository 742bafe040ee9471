import type { User } from '../../../core/user';
import { accountAddressSchema } from '../../../core/contracts/account';
import { AccountSection } from '../../components/AccountSection';
import { AddressFields } from '../../components/form/AddressFields';
import { useForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { updateProfile } from '../actions';

const COUNTRY = 'India';

/** The saved default address, or the account's e-mail and phone to start a first one. */
function initialValues({ address, email, phone }: User) {
  return {
    fname: address?.fname ?? '',
    lname: address?.lname ?? '',
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    pincode: address?.pincode ?? '',
    phone: address?.phone ?? phone ?? '',
    email: address?.email ?? email,
  };
}

export function AddressesSection({ user }: { user: User }) {
  // The country is not a field: the schema's default, India, applies.
  const form = useForm(accountAddressSchema, {
    initialValues: initialValues(user),
    onFailure: toast.error,
  });
  // The success toast shows the server's message, only once it has confirmed.
  const submit = form.handleSubmit(async (address) => {
    toast.success(await updateProfile({ ...address, country: COUNTRY }));
    const { country: _country, ...saved } = address;
    form.setValues(saved);
  });

  return (
    <AccountSection title="Addresses">
      <p className="text-stone-700">Your default shipping and billing address. Fields marked * are required.</p>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <AddressFields
          field={form.field}
          lastNameRequired={false}
          afterPincode={
            <div>
              <p className="block text-sm font-medium text-stone-800">Country / Region</p>
              <p className="mt-1 py-2.5 text-base">{COUNTRY}</p>
            </div>
          }
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={form.busy}>
            {form.busy ? 'Saving...' : 'Save address'}
          </button>
        </div>
      </form>
    </AccountSection>
  );
}
