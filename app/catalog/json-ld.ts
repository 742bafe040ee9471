import type { Product, Review } from '../../core/product';

const absolute = (origin: string, url: string) => (url.startsWith('http') ? url : `${origin}${url}`);

/** schema.org Product data for search engines: price in INR, availability and the rating. */
export function productJsonLd(product: Product, reviews: Review[], origin: string, shopName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.slug,
    image: product.image.map((url) => absolute(origin, url)),
    description: product.description.join(' '),
    category: product.category,
    brand: { '@type': 'Brand', name: shopName },
    offers: {
      '@type': 'Offer',
      url: `${origin}/product/${product.slug}`,
      priceCurrency: 'INR',
      price: product.price.toFixed(2),
      availability: product.countInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: shopName },
    },
    ...(product.numReviews > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: product.rating,
        reviewCount: product.numReviews,
        bestRating: 5,
        worstRating: 1,
      },
      review: reviews.slice(0, 5).map((review) => ({
        '@type': 'Review',
        name: review.title,
        reviewBody: review.message,
        datePublished: review.createdAt.slice(0, 10),
        author: { '@type': 'Person', name: review.userName },
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      })),
    }),
  };
}
