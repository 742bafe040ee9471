import type { ShippingRule } from '../../core/pricing';
import type { SessionEvent } from '../lib/credentials';
import { forgetCart } from './cart-storage';

type CartSync = typeof import('./cart-sync');

/** The sync code loads only when used, and its failures never fail the sign-in or the page load. */
const sync = (step: (cartSync: CartSync) => Promise<void>) => import('./cart-sync').then(step).catch(() => {});

/**
 * How the cart follows the session (decision 0013): at sign-in the guest cart is merged into the account's, on a
 * page load with a session the account's cart is pulled, and at logout this browser's copy goes. The root
 * subscribes this to the session channel with the shop's shipping rule from its loader data, which prices the
 * lines that come from the server. Forgetting the cart at logout needs no code loaded, so it works offline.
 */
export function followSession(event: SessionEvent, rule: ShippingRule): Promise<void> | void {
  switch (event.type) {
    case 'signed-in':
      return sync((cartSync) => cartSync.mergeGuestCart(rule));
    case 'session-restored':
      return sync((cartSync) => cartSync.pullCart(rule));
    case 'signed-out':
      return forgetCart();
    case 'session-expired':
      // The stored cart stays; changes are no longer sent, as no session is stored.
      return;
  }
}
