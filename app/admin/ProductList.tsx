import { Link } from 'react-router';
import type { adminCategoriesEndpoint, adminProductListEndpoint } from '../../core/contracts/admin-products';
import type { Success } from './api';
import { formatRupees } from '../../core/money';
import { Badge, Card, FilterField, ListPage, adminLinkClass } from './ui';

const STOCK_CHOICES: [string, string][] = [
  ['in', 'In stock'],
  ['low', 'Low stock'],
  ['out', 'Out of stock'],
];
const HIDDEN_CHOICES: [string, string][] = [
  ['false', 'Shown in the shop'],
  ['true', 'Hidden'],
];

/** /admin/products: newest first, by words, category, stock and visibility, each a stacked card. */
export function ProductList({
  data,
  categories,
}: {
  data: Success<typeof adminProductListEndpoint>;
  categories: Success<typeof adminCategoriesEndpoint>['categories'];
}) {
  return (
    <ListPage
      title="Products"
      actions={
        <Link to="/admin/products/new" className="btn-primary py-2">
          New product
        </Link>
      }
      filterLabel="Find products"
      filters={
        <>
          <FilterField label="Title, slug or id" name="q" type="search" />
          <FilterField
            label="Category"
            name="category"
            any="Any"
            options={categories.map((category) => [category.slug, category.name] as const)}
          />
          <FilterField label="Stock" name="stock" any="Any" options={STOCK_CHOICES} />
          <FilterField label="Visibility" name="hidden" any="Any" options={HIDDEN_CHOICES} />
        </>
      }
      data={data}
      itemsOf={(data) => data.products}
      empty="No products match."
      keyOf={(product) => product._id}
    >
      {(product) => (
        <Card className="flex gap-4">
          {product.image ? (
            <img
              src={product.image}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-md object-cover"
            />
          ) : (
            <div className="size-16 shrink-0 rounded-md bg-stone-100" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Link to={`/admin/products/${product._id}`} className={`break-words ${adminLinkClass}`}>
                {product.title}
              </Link>
              {product.hidden && <Badge tone="warning">Hidden</Badge>}
            </div>
            <p className="mt-1 text-sm text-stone-800">
              <strong>{formatRupees(product.price)}</strong>{' '}
              {product.originalPrice > product.price && (
                <>
                  <span className="line-through">MRP {formatRupees(product.originalPrice)}</span> ({product.discount}%
                  off)
                </>
              )}
            </p>
            <p className={`text-sm ${product.countInStock === 0 ? 'text-red-800' : 'text-stone-600'}`}>
              {product.countInStock === 0 ? 'Out of stock' : `${product.countInStock} in stock`} · {product.category}
            </p>
          </div>
        </Card>
      )}
    </ListPage>
  );
}
