import type { Route } from './+types/sitemap';

const STATIC_PATHS = [
  '/',
  '/shop',
  '/about-us',
  '/contact-us',
  '/track-your-order',
  '/shipping-policy',
  '/return-policy',
  '/privacy-policy',
  '/terms-of-service',
];
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function loader({ context }: Route.LoaderArgs) {
  const products = await context.catalog.listProducts();
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(context.origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PATHS.map((path) => url(path)),
    ...products.map((product) => url(`/product/${product.slug}`, product.createdAt)),
    '</urlset>',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
