import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home/route.tsx'),
  route('shop', 'routes/shop.tsx'),
  route('product/:productId', 'routes/product/route.tsx'),
  route('about-us', 'routes/static-page.tsx', { id: 'about-us' }),
  route('shipping-policy', 'routes/static-page.tsx', { id: 'shipping-policy' }),
  route('return-policy', 'routes/static-page.tsx', { id: 'return-policy' }),
  route('privacy-policy', 'routes/static-page.tsx', { id: 'privacy-policy' }),
  route('terms-of-service', 'routes/static-page.tsx', { id: 'terms-of-service' }),
  // Screens that later issues fill in; each already exists with its title.
  route('signin', 'routes/auth/signin.tsx', { id: 'signin' }),
  route('signup', 'routes/auth/signin.tsx', { id: 'signup' }),
  route('forgot-password', 'routes/auth/forgot-password.tsx'),
  route('reset-password/:tokenId', 'routes/auth/reset-password.tsx'),
  route('verify-email', 'routes/auth/verify-email.tsx'),
  route('verify-email/:tokenId', 'routes/auth/verify-email-token.tsx'),
  route('cart', 'routes/cart/route.tsx'),
  route('checkout', 'routes/checkout/route.tsx'),
  route('payment/status', 'routes/payment-status/route.tsx'),
  route('track-your-order', 'routes/track-order/route.tsx'),
  route('contact-us', 'routes/coming-soon.tsx', { id: 'contact-us' }),
  route('profile/*', 'routes/profile/route.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
