import type { ReactElement } from 'react';
import { AuditLog } from './AuditLog';
import { Dashboard } from './Dashboard';
import { Inbox } from './Inbox';
import { OrderDetail } from './OrderDetail';
import { Orders } from './Orders';
import { NewProduct, ProductEditor } from './ProductEditor';
import { ProductList } from './ProductList';
import { ReviewQueue } from './ReviewQueue';
import { Stock } from './Stock';
import { Team } from './Team';
import { Thread } from './Thread';

/** A back-office page: its title and what it shows. */
export interface AdminPage {
  title: string;
  render: () => ReactElement;
}

const TICKET = /^messages\/(\d{1,9})$/;
const ORDER = /^orders\/([0-9A-Za-z]{1,64})$/;
const PRODUCT = /^products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const PAGES: Record<string, AdminPage> = {
  '': { title: 'Dashboard', render: () => <Dashboard /> },
  orders: { title: 'Orders', render: () => <Orders /> },
  reviews: { title: 'Reviews', render: () => <ReviewQueue /> },
  messages: { title: 'Messages', render: () => <Inbox /> },
  stock: { title: 'Stock', render: () => <Stock /> },
  products: { title: 'Products', render: () => <ProductList /> },
  'products/new': { title: 'New product', render: () => <NewProduct /> },
  audit: { title: 'Audit log', render: () => <AuditLog /> },
  team: { title: 'Team', render: () => <Team /> },
};

/**
 * The back office's pages by their path under /admin. One route (`admin/*`) serves them all, so the shop's pages
 * carry one entry for the back office in their route manifest instead of one per page (the product page's
 * JavaScript budget counts that manifest). Null for a path that is no page.
 */
export function adminPageAt(path: string): AdminPage | null {
  const trimmed = path.replace(/\/+$/, '');
  const ticket = TICKET.exec(trimmed)?.[1];
  if (ticket) return { title: `Ticket #${ticket}`, render: () => <Thread key={ticket} ticketNumber={ticket} /> };
  const order = ORDER.exec(trimmed)?.[1];
  if (order) return { title: `Order ${order}`, render: () => <OrderDetail key={order} orderId={order} /> };
  const product = PRODUCT.exec(trimmed)?.[1];
  if (product) return { title: 'Product', render: () => <ProductEditor key={product} productId={product} /> };
  return Object.hasOwn(PAGES, trimmed) ? PAGES[trimmed]! : null;
}
