import { AccountSection } from '../components/AccountSection';

export function WishlistSection() {
  return (
    <AccountSection title="Wishlist">
      <p className="text-stone-700">Work in Progress... Sorry for Inconvenience</p>
    </AccountSection>
  );
}
