import type { MetaDescriptor } from 'react-router';
import type { ShopSettings } from '../../core/shop';

interface RootData {
  shop: ShopSettings;
  origin: string;
}

interface PageMeta {
  /** Route matches, as a meta function receives them; the root's data gives the shop name and origin. */
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. /shop. */
  path: string;
  image?: string;
  type?: 'website' | 'product';
}

export function rootData(matches: PageMeta['matches']): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
}

/** Title, description, canonical link and Open Graph tags for one page. */
export function pageMeta({ matches, title, description, path, image, type = 'website' }: PageMeta): MetaDescriptor[] {
  const root = rootData(matches);
  const shopName = root?.shop.name ?? '';
  const fullTitle = shopName && title !== shopName ? `${title} | ${shopName}` : title;
  const origin = root?.origin ?? '';
  const url = `${origin}${path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: shopName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'en_IN' },
  ];
  if (image) {
    tags.push({ property: 'og:image', content: image.startsWith('http') ? image : `${origin}${image}` });
    tags.push({ name: 'twitter:card', content: 'summary_large_image' });
  }
  return tags;
}
