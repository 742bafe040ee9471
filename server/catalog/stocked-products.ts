// The catalogue's products as the stock module reads them (extension point `stock.products`, decision 0062).
import { inArray, sql } from 'drizzle-orm';
import { executePrepared, type Database } from '../platform/db/client.ts';
import type { StockedProduct, StockProducts } from '../platform/stock/face.ts';
import { products } from './schema.ts';

interface Row {
  id: string;
  title: string;
  slug: string;
  images: string[];
  price_paise: number;
  hidden: boolean;
}

const toStocked = (row: Row): StockedProduct => ({
  productId: row.id,
  title: row.title,
  slug: row.slug,
  image: row.images[0] ?? null,
  unitPricePaise: row.price_paise,
  hidden: row.hidden,
});

export function stockedProducts(database: Database): StockProducts {
  return {
    // FOR SHARE: an admin's price change or hide waits for the sale (and the sale for it); sales share the lock.
    async lockForStock(tx, productIds) {
      const ids = sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const rows = await executePrepared<Row>(
        tx,
        `stocked-products-${productIds.length}`,
        sql`select id, title, slug, images, price_paise, hidden from ${products}
          where id in (${ids}) order by id for share`,
      );
      return rows.map(toStocked);
    },
    async describe(productIds) {
      if (productIds.length === 0) return [];
      const rows = await database.db
        .select({
          id: products.id,
          title: products.title,
          slug: products.slug,
          images: products.images,
          price_paise: products.pricePaise,
          hidden: products.hidden,
        })
        .from(products)
        .where(inArray(products.id, [...productIds]));
      return rows.map(toStocked);
    },
  };
}
