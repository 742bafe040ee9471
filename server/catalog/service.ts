import { asc, desc, eq } from 'drizzle-orm';
import { onCommit, type Database, type Db } from '../platform/db/client.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { MediaLibrary } from '../platform/media/face.ts';
import type { Stock, StockProducts } from '../platform/stock/face.ts';
import { ProductAdmin } from './product-admin.ts';
import { stockedProducts } from './stocked-products.ts';
import type { Catalogue, RatingChange, ReviewReader, UnitParcel } from '../platform/catalog/face.ts';
import { EncodedJson } from '../platform/http/encoded-json.ts';
import { banners, categories, products } from './schema.ts';
import { addToRating } from './import.ts';
import { averageRating, discountPercent, HOME_PRODUCT_COUNT, type Product } from '../../core/product.ts';
import { imageAltsOf, unitParcelOf } from './product-rows.ts';
import type { ReviewListItem } from '../../core/contracts/reviews.ts';
import { CATALOGUE_MAX_PRODUCTS } from '../../core/contracts/catalog.ts';
import { paiseToRupees } from '../../core/money.ts';
import { mediaUrl } from '../../core/media.ts';
import type { StorefrontCatalog } from '../../core/storefront.ts';

export const CATALOG_CHANGED = 'catalog_changed';
/** A safety net: even if a change notification is lost, no cached answer is older than this. */
const MAX_CACHE_AGE_MS = 60_000;
/** How soon other processes hear that stock changed. */
export const STOCK_NOTICE_MS = 200;
/** The payload of a CATALOG_CHANGED notice that only stock changed. */
const STOCK_ONLY = 'stock';

interface Snapshot {
  /** The products the shop shows: hidden ones are in `hidden` only. */
  products: Product[];
  byId: Map<string, Product>;
  bySlug: Map<string, Product>;
  hidden: Map<string, Product>;
  /** Every product's unit parcel, hidden ones too. */
  parcels: Map<string, UnitParcel>;
  /** The all-products answer, serialised and compressed once per change. */
  listAnswer: EncodedJson;
  banners: Banners;
}

export type Banners = Awaited<ReturnType<StorefrontCatalog['getBanners']>>;

export interface CatalogServiceOptions {
  database: Database;
  mediaBaseUrl: string;
  /** The back office's product changes are audited in their own transaction. */
  audit: AuditTrail;
  /** The products' stock (the stock module's), read once per copy of the catalogue. */
  stock: Pick<Stock, 'levels' | 'openStock'>;
  /** Where the back office's uploaded product images are recorded. */
  media: Pick<MediaLibrary, 'record'>;
}

/**
 * Reads the catalogue. Answers come from an in-memory copy derived from the database, rebuilt whenever any
 * process publishes CATALOG_CHANGED, so every app process behind a load balancer stays in step.
 */
export class CatalogService implements Catalogue {
  private snapshot: Promise<Snapshot> | null = null;
  /** What `snapshot` resolved to, once it has: null while it loads or after it is forgotten. */
  private settled: Snapshot | null = null;
  private readReviews: ReviewReader = async () => [];
  private readonly invalidateListeners: Array<() => void> = [];
  private readonly changeListeners: Array<() => void> = [];
  private unsubscribe: (() => Promise<void>) | null = null;
  private loadedAt = 0;
  private stockNotice: NodeJS.Timeout | null = null;
  /** The last snapshot loaded, kept after invalidation for lookups that tolerate staleness. */
  private lastLoaded: Snapshot | null = null;
  private readonly database: Database;
  private readonly mediaBaseUrl: string;
  /** The back office's products: list, create, edit, images, hide (decision 0036). */
  readonly productAdmin: ProductAdmin;
  /** What the stock module reads of the products (extension point `stock.products`). */
  readonly stockProducts: StockProducts;

  constructor(private readonly options: CatalogServiceOptions) {
    this.database = options.database;
    this.mediaBaseUrl = options.mediaBaseUrl;
    this.productAdmin = new ProductAdmin({
      database: options.database,
      mediaBaseUrl: options.mediaBaseUrl,
      audit: options.audit,
      stock: options.stock,
      recordMedia: (tx, rows) => options.media.record(rows, tx),
      publishChange: () => this.publishChange(),
    });
    this.stockProducts = stockedProducts(options.database);
  }

  async start(): Promise<void> {
    // A stock notice touches the products only; other modules' caches (the reviews') stay. Changes published while
    // the listener was cut off are lost: drop everything once it listens again.
    const onMessage = (payload: string) => (payload === STOCK_ONLY ? this.forgetProducts() : this.invalidate());
    this.unsubscribe = await this.database.listen(CATALOG_CHANGED, onMessage, () => this.invalidate());
  }

  async stop(): Promise<void> {
    if (this.stockNotice) clearTimeout(this.stockNotice);
    await this.unsubscribe?.();
  }

  invalidate(): void {
    // Products themselves changed (not only stock): what lookups tolerate as stale must not outlive that.
    this.lastLoaded = null;
    this.forgetProducts();
    for (const listener of this.invalidateListeners) listener();
  }

  private forgetProducts(): void {
    this.snapshot = null;
    this.settled = null;
    for (const listener of this.changeListeners) listener();
  }

  /**
   * Lets another module keep a cache in step with the catalogue's: `listener` runs whenever this process forgets
   * its copy (a change published by any process, or a reconnected listener). The reviews module drops its lists.
   */
  onInvalidate(listener: () => void): void {
    this.invalidateListeners.push(listener);
  }

  /**
   * Lets a cache of what the shop shows keep in step: `listener` runs on every change to products, stock or reviews,
   * from any process, and when the listener reconnects (the storefront's page cache, decision 0038).
   */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** Where getReviews reads from (the reviews module): the catalogue depends on no module that depends on it. */
  readReviewsWith(reader: ReviewReader): void {
    this.readReviews = reader;
  }

  /**
   * Locks the product's row until the caller's transaction ends, so changes to its rating are made one at a time;
   * false when there is no such product.
   */
  async lockProduct(tx: Db, productId: string): Promise<boolean> {
    const rows = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    return rows.length > 0;
  }

  /**
   * Changes a product's review count and rating total inside the caller's transaction (the one that writes the
   * review); every process hears of it once the transaction commits.
   */
  async adjustRating(tx: Db, productId: string, change: RatingChange): Promise<void> {
    if (change.reviews === 0 && change.stars === 0) return;
    await addToRating(tx, productId, change);
    onCommit(tx, () => this.publishChange());
  }

  /** Tells every process (this one included) that products or reviews changed. */
  async publishChange(): Promise<void> {
    this.invalidate();
    await this.database.notify(CATALOG_CHANGED);
  }

  /**
   * Stock changed (the stock module's `stock.changed`, once committed). This process forgets its copy at once; the
   * others hear within STOCK_NOTICE_MS, through one NOTIFY for all the orders placed meanwhile: a NOTIFY per order
   * would serialise commits on PostgreSQL's notification queue lock.
   */
  stockChanged(): void {
    this.forgetProducts();
    this.stockNotice ??= setTimeout(() => {
      this.stockNotice = null;
      this.database.notify(CATALOG_CHANGED, STOCK_ONLY).catch(() => {});
    }, STOCK_NOTICE_MS).unref();
  }

  /** All products, newest first. */
  async listProducts(): Promise<Product[]> {
    return (await this.current()).products;
  }

  /** The all-products answer, serialised (and compressed, as asked) once per catalogue change. */
  async listProductsAnswer(): Promise<EncodedJson> {
    return (await this.current()).listAnswer;
  }

  async getProduct(id: string): Promise<Product | undefined> {
    return (await this.current()).byId.get(id);
  }

  /**
   * A product as last loaded, possibly older than the latest change: for callers that check what matters
   * against the database anyway (order placement does), so a stream of orders does not reload the catalogue.
   */
  async lastKnownProduct(id: string): Promise<Product | undefined> {
    return (this.lastLoaded ?? (await this.current())).byId.get(id);
  }

  /**
   * A product the shop shows, or one an admin hid (`hidden: true`): for what outlives a product's place in the
   * shop, such as a wishlist, which shows a hidden product as unavailable. Undefined for no such product.
   */
  async getProductEvenIfHidden(id: string): Promise<{ product: Product; hidden: boolean } | undefined> {
    const snapshot = await this.current();
    const shown = snapshot.byId.get(id);
    if (shown) return { product: shown, hidden: false };
    const hidden = snapshot.hidden.get(id);
    return hidden && { product: hidden, hidden: true };
  }

  /**
   * As last loaded, like lastKnownProduct: placing an order forgets the copy (stock moved), and its delivery check
   * must not reload the whole catalogue for sizes that seldom change; any read of the shop loads the latest.
   */
  async unitParcels(productIds: readonly string[]): Promise<Map<string, UnitParcel>> {
    const { parcels } = this.lastLoaded ?? (await this.current());
    const found = new Map<string, UnitParcel>();
    for (const id of productIds) {
      const parcel = parcels.get(id);
      if (parcel) found.set(id, parcel);
    }
    return found;
  }

  async getProductBySlug(slug: string): Promise<Product | undefined> {
    return (await this.current()).bySlug.get(slug);
  }

  /** Home-page imagery. */
  async getBanners(): Promise<Banners> {
    return (await this.current()).banners;
  }

  /**
   * The media keys of the banners and of every product's images (hidden ones too: orders and wishlists show them),
   * the home page's first: the banners, then the newest products.
   */
  async imageKeys(): Promise<string[]> {
    return (await this.imagesShown()).map(({ key }) => key);
  }

  /** As imageKeys, each saying whether the home page shows it: the banners and its products' card images. */
  async imagesShown(): Promise<Array<{ key: string; onHomePage: boolean }>> {
    const db = this.database.db;
    const bannerRows = await db.select({ key: banners.mediaKey }).from(banners).orderBy(asc(banners.position));
    const productRows = await db
      .select({ images: products.images, hidden: products.hidden })
      .from(products)
      .orderBy(desc(products.createdAt), asc(products.id));
    const homePageProducts = productRows.filter((row) => !row.hidden).slice(0, HOME_PRODUCT_COUNT);
    const onHomePage = new Set([
      ...bannerRows.map((row) => row.key),
      ...homePageProducts.flatMap((row) => row.images.slice(0, 1)),
    ]);
    const keys = new Set([...onHomePage, ...productRows.flatMap((row) => row.images)]);
    return [...keys].map((key) => ({ key, onHomePage: onHomePage.has(key) }));
  }

  /** A product's visible reviews, newest first, as the reviews module reads them (kept in step by onInvalidate). */
  async getReviews(productId: string): Promise<ReviewListItem[]> {
    return this.readReviews(productId);
  }

  /**
   * The all-products answer when the catalogue in memory is current, without waiting; undefined when it would have
   * to be loaded first. For answers written before Fastify sees the request (decision 0045).
   */
  currentListAnswer(): EncodedJson | undefined {
    if (Date.now() - this.loadedAt > MAX_CACHE_AGE_MS) return undefined;
    return this.settled?.listAnswer;
  }

  private current(): Promise<Snapshot> {
    if (!this.snapshot || Date.now() - this.loadedAt > MAX_CACHE_AGE_MS) {
      this.loadedAt = Date.now();
      const loading = this.load();
      loading.then(
        (snapshot) => {
          this.lastLoaded = snapshot;
          if (this.snapshot === loading) this.settled = snapshot;
        },
        () => {},
      );
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = null;
      });
      this.snapshot = loading;
      this.settled = null;
    }
    return this.snapshot;
  }

  private async load(): Promise<Snapshot> {
    const [rows, levels] = await Promise.all([
      this.database.db
        .select({ product: products, category: categories.slug })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .orderBy(desc(products.createdAt), asc(products.id)),
      this.options.stock.levels(),
    ]);
    const bannerRows = await this.database.db.select().from(banners).orderBy(asc(banners.position));
    const bannersOf = (placement: 'carousel' | 'snapshot') =>
      bannerRows
        .filter((row) => row.placement === placement)
        .map((row) => ({ src: mediaUrl(this.mediaBaseUrl, row.mediaKey), alt: row.alt }));
    const shown = rows.filter(({ product }) => !product.hidden);
    const stockOf = (id: string) => levels.get(id)?.countInStock ?? 0;
    const list = shown.map(({ product, category }) => this.toProduct(product, category, stockOf(product.id)));
    const hidden = rows
      .filter(({ product }) => product.hidden)
      .map(({ product, category }) => this.toProduct(product, category, stockOf(product.id)));
    return {
      products: list,
      byId: new Map(list.map((product) => [product._id, product])),
      bySlug: new Map(list.map((product) => [product.slug, product])),
      hidden: new Map(hidden.map((product) => [product._id, product])),
      parcels: new Map(rows.map(({ product }) => [product.id, unitParcelOf(product)])),
      // The list's documented bound, newest first (its contract's CATALOGUE_MAX_PRODUCTS).
      listAnswer: new EncodedJson(JSON.stringify({ products: list.slice(0, CATALOGUE_MAX_PRODUCTS) })),
      banners: { carousel: bannersOf('carousel'), snapshot: bannersOf('snapshot') },
    };
  }

  private toProduct(row: typeof products.$inferSelect, category: string, countInStock: number): Product {
    const discount = discountPercent(row.originalPricePaise, row.pricePaise);
    return {
      _id: row.id,
      slug: row.slug,
      title: row.title,
      category,
      image: row.images.map((key) => mediaUrl(this.mediaBaseUrl, key)),
      imageAlt: imageAltsOf(row),
      originalPrice: paiseToRupees(row.originalPricePaise),
      price: paiseToRupees(row.pricePaise),
      isDiscount: row.pricePaise < row.originalPricePaise,
      discount,
      createdAt: row.createdAt.toISOString(),
      specs: row.specs,
      description: row.description,
      whatsInTheBox: row.whatsInTheBox,
      countInStock,
      rating: averageRating(row.ratingTotal, row.reviewCount),
      numReviews: row.reviewCount,
      listingFacts: row.listingFacts ?? null,
    };
  }
}
