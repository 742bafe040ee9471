import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../platform/http/endpoint-route.ts';
import { HttpError } from '../platform/http/errors.ts';
import { actorOf } from '../platform/audit/actor.ts';
import { prepareImage } from '../platform/media/prepare-image.ts';
import type { MediaLibrary } from '../platform/media/face.ts';
import type { CatalogService } from './service.ts';
import type { UploadedImage } from './product-admin.ts';
import { MAX } from '../../core/contracts/fields.ts';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_UPLOAD,
  PRODUCT_MESSAGES,
  productImageAlt,
  adminCategoriesEndpoint,
  adminProductEndpoint,
  adminProductListEndpoint,
  arrangeProductImagesEndpoint,
  createProductEndpoint,
  hideProductEndpoint,
  unhideProductEndpoint,
  updateProductEndpoint,
  uploadProductImagesEndpoint,
} from '../../core/contracts/admin-products.ts';

const tags = ['admin'];
const IMAGE_RULES = {
  maxBytes: PRODUCT_IMAGE_MAX_BYTES,
  messages: {
    tooLarge: PRODUCT_MESSAGES.tooLarge,
    notImage: PRODUCT_MESSAGES.notImage,
    tooManyPixels: PRODUCT_MESSAGES.tooManyPixels,
  },
};
/** One alt per file, and room for a few fields a client may add (ignored). */
const MAX_FIELDS = PRODUCT_IMAGE_UPLOAD.files + 4;

/** Each refusal of @fastify/multipart, as a 400 the admin reads. */
function formError(error: unknown): unknown {
  switch ((error as { code?: unknown }).code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(400, PRODUCT_MESSAGES.tooManyFiles);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(400, PRODUCT_MESSAGES.tooLarge);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, PRODUCT_MESSAGES.noFiles);
    default:
      return error;
  }
}

/** The upload's files and alt texts, read whole before anything is checked or stored. */
async function readUpload(request: FastifyRequest): Promise<{ files: Buffer[]; alts: string[] }> {
  const upload = { files: [] as Buffer[], alts: [] as string[] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') throw new HttpError(400, PRODUCT_MESSAGES.noFiles);
        upload.files.push(await part.toBuffer());
      } else if (part.fieldname === 'alt') {
        // At most one alt per file the upload may hold, as the contract documents.
        if (upload.alts.length >= PRODUCT_IMAGE_UPLOAD.files) throw new HttpError(400, PRODUCT_MESSAGES.tooManyFiles);
        const alt = productImageAlt.safeParse(part.valueTruncated ? 'x'.repeat(MAX.line + 1) : part.value);
        if (!alt.success) throw new HttpError(400, `Alt text: ${alt.error.issues[0]!.message}`);
        upload.alts.push(alt.data);
      }
    }
  } catch (error) {
    throw formError(error);
  }
  if (upload.files.length === 0) throw new HttpError(400, PRODUCT_MESSAGES.noFiles);
  return upload;
}

/** Each file's alt: its own, or the one alt sent for all, or none (the product's title stands in). */
const altFor = (alts: string[], index: number) => alts[alts.length === 1 ? 0 : index] ?? '';

/** The back office's products (decision 0036); the admin guard refuses everyone but admins before these run. */
export const productAdminRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; media: MediaLibrary }> = async (
  app,
  { catalog, media },
) => {
  const products = catalog.productAdmin;
  // Multipart is parsed in this plugin only: the image upload is its one multipart route.
  await app.register(multipart, {
    limits: {
      fileSize: PRODUCT_IMAGE_MAX_BYTES,
      files: PRODUCT_IMAGE_UPLOAD.files,
      fields: MAX_FIELDS,
      fieldSize: 4 * MAX.line,
      parts: PRODUCT_IMAGE_UPLOAD.files + MAX_FIELDS,
      headerPairs: 100,
    },
  });

  route(app, adminProductListEndpoint, {
    schema: {
      tags,
      summary: 'Products, newest first: search by title, slug or id; filter by category, stock and hidden',
      description: "`stock=low` is at or below the low-stock threshold; page on with `before` = the answer's `next`.",
    },
    handler: (request) => {
      actorOf(request);
      return products.list(request.query);
    },
  });

  route(app, adminCategoriesEndpoint, {
    schema: { tags, summary: "The shop's categories, for a product's category" },
    handler: async (request) => {
      actorOf(request);
      return { categories: await products.categories() };
    },
  });

  route(app, adminProductEndpoint, {
    schema: { tags, summary: 'A product as the back office edits it, with its images and alt text' },
    handler: async (request) => {
      actorOf(request);
      return { product: await products.get(request.params.productId) };
    },
  });

  route(app, createProductEndpoint, {
    schema: {
      tags,
      summary: 'Create a product, hidden until it has an image and is shown (audited)',
      description:
        'The slug is made from the title; the discount from the MRP and selling price; the opening stock is an ' +
        '`import` movement of the stock ledger.',
    },
    handler: async (request, reply) =>
      reply.code(201).send({ product: await products.create(actorOf(request), request.body) }),
  });

  route(app, updateProductEndpoint, {
    schema: {
      tags,
      summary: "Edit a product's title, category, prices, specs, description, box and listing facts (audited)",
      description: 'The slug stays, so links to the product keep working. Stock changes go through …/stock.',
    },
    handler: async (request) => ({
      product: await products.update(actorOf(request), request.params.productId, request.body),
    }),
  });

  route(app, uploadProductImagesEndpoint, {
    schema: {
      tags,
      summary: "Upload images after the product's own (audited)",
      description:
        `\`multipart/form-data\`: 1 to ${PRODUCT_IMAGE_UPLOAD.files} parts named \`files\`, each at most ` +
        `${PRODUCT_IMAGE_UPLOAD.megabytes} MB, checked by content and re-encoded as WebP without metadata; \`alt\` ` +
        "parts give each file's alt text in order, or one for all.",
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const { files, alts } = await readUpload(request);
      const uploaded: UploadedImage[] = [];
      for (const [index, file] of files.entries()) {
        const alt = altFor(alts, index);
        const saved = await media.saveOriginal(await prepareImage(file, IMAGE_RULES), alt);
        // Before the image joins the product, so no visitor ever waits for its variants (decision 0039).
        await media.makeVariants(saved.key, 'catalogue');
        uploaded.push({ media: saved, alt });
      }
      return { product: await products.addImages(actor, request.params.productId, uploaded) };
    },
  });

  route(app, arrangeProductImagesEndpoint, {
    schema: {
      tags,
      summary: "Reorder a product's images, change their alt text, or remove some (audited)",
      description: 'A visible product keeps at least one image.',
    },
    handler: async (request) => ({
      product: await products.arrangeImages(actorOf(request), request.params.productId, request.body.images),
    }),
  });

  route(app, hideProductEndpoint, {
    schema: {
      tags,
      summary: 'Hide a product from the shop, the sitemap and search engines (audited)',
      description: 'It stays in the orders that have it, and in wishlists as unavailable.',
    },
    handler: async (request) => ({ product: await products.hide(actorOf(request), request.params.productId) }),
  });

  route(app, unhideProductEndpoint, {
    schema: { tags, summary: 'Show a hidden product again; it needs an image (audited)' },
    handler: async (request) => ({ product: await products.unhide(actorOf(request), request.params.productId) }),
  });
};
