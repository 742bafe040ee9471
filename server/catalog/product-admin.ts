/**
 * The back office's product changes (decision 0036). Each is a workflow in one transaction: the product's row is
 * locked, the change decided and written, and the audit entry (the changed fields before and after) written with
 * it; once committed every process's catalogue cache follows.
 */
import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { runWorkflow, type Step, type Workflow } from '../platform/db/workflow.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { MediaRow } from '../platform/media/face.ts';
import type { Stock } from '../platform/stock/face.ts';
import { categories, products } from './schema.ts';
import { allCategories, freeSlug, listProducts, productRow } from './product-queries.ts';
import { specText, toAdminProduct, toAdminSummary, type ProductRow } from './product-rows.ts';
import { rupeesToPaise } from '../../core/money.ts';
import {
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type AdminProduct,
  type AdminProductListQuery,
  type ProductCreate,
  type ProductUpdate,
} from '../../core/contracts/admin-products.ts';

export interface ProductAdminOptions {
  database: Database;
  mediaBaseUrl: string;
  audit: AuditTrail;
  /** The products' stock: levels to show and filter by, and a new product's opening stock. */
  stock: Pick<Stock, 'levels' | 'openStock'>;
  /** Records uploaded originals in the caller's transaction (the media module's). */
  recordMedia(tx: Db, rows: MediaRow[]): Promise<void>;
  /** Once committed: every process forgets its catalogue copy. */
  publishChange(): Promise<void>;
}

type ProductPatch = Partial<typeof products.$inferInsert>;
/** An uploaded image, stored already, with the alt text it came with. */
export interface UploadedImage {
  media: MediaRow;
  alt: string;
}

/** One change of a product on its way: the row as locked, then as written. */
class ChangingProduct {
  row!: ProductRow;
  category!: string;
  before: Record<string, unknown> = {};
  after: Record<string, unknown> = {};

  constructor(
    readonly actor: AdminActor,
    readonly productId: string,
    readonly decide: (tx: Db, changing: ChangingProduct) => Promise<ProductPatch>,
  ) {}
}

/** A new product on its way. */
class CreatingProduct {
  row!: ProductRow;
  categoryId!: number;
  constructor(
    readonly actor: AdminActor,
    readonly input: ProductCreate,
  ) {}
}

async function categoryIdOf(tx: Db, slug: string): Promise<number> {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!category) throw new HttpError(400, PRODUCT_MESSAGES.unknownCategory);
  return category.id;
}

/** The stored form of what an admin edits (the category is resolved apart). */
const editedFields = (input: ProductUpdate) => ({
  title: input.title,
  originalPricePaise: rupeesToPaise(input.originalPrice),
  pricePaise: rupeesToPaise(input.price),
  specs: input.specs.map(specText),
  description: input.description,
  whatsInTheBox: input.whatsInTheBox,
  listingFacts: input.listingFacts,
  ...storedParcel(input),
});

/** Kg to grams and cm to millimetres, each only when given: an edit without them keeps the product's own. */
function storedParcel({ weightKg, lengthCm, breadthCm, heightCm }: ProductUpdate): ProductPatch {
  const patch: ProductPatch = {};
  if (weightKg !== undefined) patch.weightGrams = Math.round(weightKg * 1000);
  if (lengthCm !== undefined) patch.lengthMm = Math.round(lengthCm * 10);
  if (breadthCm !== undefined) patch.breadthMm = Math.round(breadthCm * 10);
  if (heightCm !== undefined) patch.heightMm = Math.round(heightCm * 10);
  return patch;
}

/** Only the fields whose values differ, as they were and as they are. */
function changedFields(row: ProductRow, patch: ProductPatch) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    const was = row[field as keyof ProductRow];
    // Deep, not by JSON text: jsonb gives its keys back in its own order.
    if (isDeepStrictEqual(was, value)) continue;
    before[field] = was;
    after[field] = value;
  }
  return { before, after };
}

export class ProductAdmin {
  private readonly changeFlows = new Map<string, Workflow<ChangingProduct>>();
  private readonly createFlow: Workflow<CreatingProduct>;

  constructor(private readonly options: ProductAdminOptions) {
    this.createFlow = this.creating();
  }

  async list(query: AdminProductListQuery) {
    const levels = await this.options.stock.levels();
    const { rows, next } = await listProducts(this.options.database.db, query, levels);
    const stockOf = (id: string) => levels.get(id)?.countInStock ?? 0;
    return {
      products: rows.map(({ product: row, category }) =>
        toAdminSummary({ row, category, countInStock: stockOf(row.id) }, this.options.mediaBaseUrl),
      ),
      next,
    };
  }

  async get(productId: string): Promise<AdminProduct> {
    const found = await productRow(this.options.database.db, productId);
    if (!found) throw new HttpError(404, PRODUCT_MESSAGES.productNotFound);
    return this.shown(found.product, found.category);
  }

  /** The product as the back office shows it, with its stock as it is now. */
  private async shown(row: ProductRow, category: string): Promise<AdminProduct> {
    const countInStock = (await this.options.stock.levels([row.id])).get(row.id)?.countInStock ?? 0;
    return toAdminProduct({ row, category, countInStock }, this.options.mediaBaseUrl);
  }

  async categories() {
    return (await allCategories(this.options.database.db)).map(({ slug, name }) => ({ slug, name }));
  }

  /** A new product, hidden until it has an image and an admin shows it; its opening stock is an `import`. */
  async create(actor: AdminActor, input: ProductCreate): Promise<AdminProduct> {
    const created = await runWorkflow(this.options.database, this.createFlow, new CreatingProduct(actor, input));
    const stocked = { row: created.row, category: input.category, countInStock: input.openingStock };
    return toAdminProduct(stocked, this.options.mediaBaseUrl);
  }

  update(actor: AdminActor, productId: string, input: ProductUpdate): Promise<AdminProduct> {
    return this.change('product.update', actor, productId, async (tx) => ({
      ...editedFields(input),
      categoryId: await categoryIdOf(tx, input.category),
    }));
  }

  hide(actor: AdminActor, productId: string): Promise<AdminProduct> {
    return this.change('product.hide', actor, productId, async () => ({ hidden: true }));
  }

  /** Shows a hidden product again: it must have an image to show. */
  unhide(actor: AdminActor, productId: string): Promise<AdminProduct> {
    return this.change('product.unhide', actor, productId, async (_tx, { row }) => {
      if (row.images.length === 0) throw new HttpError(400, PRODUCT_MESSAGES.imageRequired);
      return { hidden: false };
    });
  }

  /** Adds uploaded images after the product's own; one it has already keeps its place and takes the new alt. */
  addImages(actor: AdminActor, productId: string, uploaded: readonly UploadedImage[]): Promise<AdminProduct> {
    return this.change('product.images', actor, productId, async (tx, { row }) => {
      const images = [...new Set([...row.images, ...uploaded.map(({ media }) => media.key)])];
      if (images.length > PRODUCT_LIMITS.images) throw new HttpError(400, PRODUCT_MESSAGES.tooManyImages);
      await this.options.recordMedia(
        tx,
        uploaded.map(({ media }) => media),
      );
      const imageAlts = { ...row.imageAlts };
      for (const { media, alt } of uploaded) if (alt) imageAlts[media.key] = alt;
      return { images, imageAlts };
    });
  }

  /** Keeps the listed images, in the listed order, with their alt text; those left out leave the product. */
  arrangeImages(
    actor: AdminActor,
    productId: string,
    wanted: readonly { key: string; alt: string }[],
  ): Promise<AdminProduct> {
    return this.change('product.images', actor, productId, async (_tx, { row }) => {
      const keys = wanted.map(({ key }) => key);
      if (new Set(keys).size !== keys.length) throw new HttpError(400, PRODUCT_MESSAGES.duplicateImage);
      if (keys.some((key) => !row.images.includes(key))) throw new HttpError(400, PRODUCT_MESSAGES.unknownImage);
      if (keys.length === 0 && !row.hidden) throw new HttpError(400, PRODUCT_MESSAGES.imageRequired);
      return {
        images: keys,
        imageAlts: Object.fromEntries(wanted.filter(({ alt }) => alt).map(({ key, alt }) => [key, alt])),
      };
    });
  }

  private async change(
    action: string,
    actor: AdminActor,
    productId: string,
    decide: ChangingProduct['decide'],
  ): Promise<AdminProduct> {
    let workflow = this.changeFlows.get(action);
    if (!workflow) this.changeFlows.set(action, (workflow = this.changing(action)));
    const changed = await runWorkflow(this.options.database, workflow, new ChangingProduct(actor, productId, decide));
    return this.shown(changed.row, changed.category);
  }

  /** lockProduct → decide → write → audit, then every cache forgets the catalogue. */
  private changing(action: string): Workflow<ChangingProduct> {
    const steps: Step<ChangingProduct>[] = [
      {
        name: 'lockProduct',
        async run(tx, changing) {
          const found = await productRow(tx, changing.productId, true);
          if (!found) throw new HttpError(404, PRODUCT_MESSAGES.productNotFound);
          changing.row = found.product;
          changing.category = found.category;
        },
      },
      {
        name: 'decideAndWrite',
        async run(tx, changing) {
          const patch = await changing.decide(tx, changing);
          Object.assign(changing, changedFields(changing.row, patch));
          const [row] = await tx
            .update(products)
            .set({ ...patch, updatedAt: sql`now()` })
            .where(eq(products.id, changing.productId))
            .returning();
          changing.row = row!;
          if (patch.categoryId !== undefined) changing.category = (await productRow(tx, row!.id))!.category;
        },
      },
      {
        name: 'audit',
        run: (tx, { actor, productId, before, after }) =>
          this.options.audit.record(tx, actor, { action, targetType: 'product', targetId: productId, before, after }),
      },
    ];
    return { name: action, steps, afterCommit: [{ name: 'publishChange', run: () => this.options.publishChange() }] };
  }

  /** resolveCategory → insert → openingStock → audit, then every cache forgets the catalogue. */
  private creating(): Workflow<CreatingProduct> {
    return {
      name: 'product.create',
      steps: [
        {
          name: 'resolveCategory',
          run: async (tx, creating) => (creating.categoryId = await categoryIdOf(tx, creating.input.category)),
        },
        {
          name: 'insert',
          async run(tx, creating) {
            const { input, categoryId } = creating;
            const [row] = await tx
              .insert(products)
              .values({
                ...editedFields(input),
                slug: await freeSlug(tx, input.title),
                categoryId,
                hidden: true,
              })
              .returning();
            creating.row = row!;
          },
        },
        {
          name: 'openingStock',
          run: (tx, { row, input }) =>
            this.options.stock.openStock(tx, [{ productId: row.id, stock: input.openingStock }]),
        },
        {
          name: 'audit',
          run: (tx, { actor, row, input }) =>
            this.options.audit.record(tx, actor, {
              action: 'product.create',
              targetType: 'product',
              targetId: row.id,
              after: {
                slug: row.slug,
                category: input.category,
                hidden: row.hidden,
                ...editedFields(input),
                countInStock: input.openingStock,
              },
            }),
        },
      ],
      afterCommit: [{ name: 'publishChange', run: () => this.options.publishChange() }],
    };
  }
}
