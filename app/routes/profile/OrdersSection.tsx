import { Link } from 'react-router';
import { AccountSection } from './AccountSection';

/** The order list comes with the orders issue; until then the section says there are none. */
export function OrdersSection() {
  return (
    <AccountSection title="Your Orders">
      <p className="text-stone-700">No orders yet.</p>
      <Link to="/shop" className="btn-primary">
        Browse the shop
      </Link>
    </AccountSection>
  );
}
