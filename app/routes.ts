import { type RouteConfig, index, route } from '@react-router/dev/routes';

/**
 * The route table (spec section 2). Route modules compose the capabilities' components (app/session, app/cart,
 * app/catalog, app/orders, …) and hold loaders and meta. Ids stay those of the modules' earlier paths.
 */
export default [
  index('routes/home.tsx', { id: 'routes/home/route' }),
  route('shop', 'routes/shop.tsx'),
  route('product/:productId', 'routes/product.tsx', { id: 'routes/product/route' }),
  route('about-us', 'routes/static-page.tsx', { id: 'about-us' }),
  route('shipping-policy', 'routes/static-page.tsx', { id: 'shipping-policy' }),
  route('return-policy', 'routes/static-page.tsx', { id: 'return-policy' }),
  route('privacy-policy', 'routes/static-page.tsx', { id: 'privacy-policy' }),
  route('terms-of-service', 'routes/static-page.tsx', { id: 'terms-of-service' }),
  route('signin', 'routes/signin.tsx', { id: 'signin' }),
  route('signup', 'routes/signin.tsx', { id: 'signup' }),
  route('forgot-password', 'routes/forgot-password.tsx', { id: 'routes/auth/forgot-password' }),
  route('reset-password/:tokenId', 'routes/reset-password.tsx', { id: 'routes/auth/reset-password' }),
  route('verify-email', 'routes/verify-email.tsx', { id: 'routes/auth/verify-email' }),
  route('verify-email/:tokenId', 'routes/verify-email-token.tsx', { id: 'routes/auth/verify-email-token' }),
  route('cart', 'routes/cart.tsx', { id: 'routes/cart/route' }),
  route('checkout', 'routes/checkout.tsx', { id: 'routes/checkout/route' }),
  route('payment/status', 'routes/payment-status.tsx', { id: 'routes/payment-status/route' }),
  route('track-your-order', 'routes/track-order.tsx', { id: 'routes/track-order/route' }),
  route('contact-us', 'routes/contact-us.tsx', { id: 'contact-us' }),
  route('profile/*', 'routes/profile.tsx', { id: 'routes/profile/route' }),
  // The back office (issue 22): the layout's loader answers 404 to anyone but a signed-in admin.
  route('admin/sign-in', 'routes/admin-sign-in.tsx'),
  // A staff invitation's mailed link (decision 0048): for the invitee, who is signed in to nothing yet.
  route('admin/invitation/:token', 'routes/admin-invitation.tsx'),
  // Every other back-office page (decision 0059): the layout's guard, then one route module per page.
  route('admin', 'routes/admin.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('orders/:orderId', 'routes/admin/order.tsx'),
    route('reviews', 'routes/admin/reviews.tsx'),
    route('messages', 'routes/admin/messages.tsx'),
    route('messages/:ticket', 'routes/admin/ticket.tsx'),
    route('stock', 'routes/admin/stock.tsx'),
    route('products', 'routes/admin/products.tsx'),
    route('products/new', 'routes/admin/new-product.tsx'),
    route('products/:productId', 'routes/admin/product.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
    route('team', 'routes/admin/team.tsx'),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
