import { useRef, useState } from 'react';
import type { AdminProduct } from '../../core/contracts/admin-products';
import { Form } from 'react-router';
import { ChangeFields, INTENT, useChangeForm } from './change-form';
import { moved } from './product-form';
import { Badge, Card, adminLinkClass, inputClass, labelClass, smallButtonClass } from './ui';

/**
 * The product page's forms, by the intent each sends (routes/admin/product.tsx); the page's loader then reads the
 * product again, so each part shows what was saved.
 */
export const PRODUCT_INTENTS = {
  details: 'details',
  hide: 'hide',
  unhide: 'unhide',
  upload: 'upload',
  arrange: 'arrange',
} as const;

/** Uploads new images, with one alt text for them all (blank: the product's title). */
function Upload() {
  const form = useRef<HTMLFormElement>(null);
  const { busy } = useChangeForm(PRODUCT_INTENTS.upload, () => form.current?.reset());
  return (
    <Form ref={form} method="post" encType="multipart/form-data" className="space-y-3" aria-label="Upload images">
      <ChangeFields form={PRODUCT_INTENTS.upload} intent={PRODUCT_INTENTS.upload} />
      <h3 className="font-semibold">Add images</h3>
      <div>
        <label htmlFor="product-image-files" className={labelClass}>
          Image files
        </label>
        <input id="product-image-files" name="files" type="file" accept="image/*" multiple className={inputClass} />
      </div>
      <div>
        <label htmlFor="product-image-alt" className={labelClass}>
          Alt text for these images (blank: the title)
        </label>
        <input id="product-image-alt" name="alt" className={inputClass} />
      </div>
      <button type="submit" className="btn-primary py-2" disabled={busy}>
        {busy ? 'Uploading...' : 'Upload'}
      </button>
    </Form>
  );
}

/** The product's images in order: move, edit alt text, remove; nothing changes until they are saved. */
function Arrangement({ product }: { product: AdminProduct }) {
  const [images, setImages] = useState(product.images);
  const { busy } = useChangeForm(PRODUCT_INTENTS.arrange);
  if (product.images.length === 0) return <p className="text-stone-600">No images yet.</p>;
  return (
    <Form method="post" className="space-y-3" aria-label="Arrange images">
      <ChangeFields form={PRODUCT_INTENTS.arrange} intent={PRODUCT_INTENTS.arrange} />
      <ol className="space-y-3">
        {images.map((image, index) => (
          <li key={image.key} className="flex flex-wrap items-end gap-3 rounded-md border border-stone-200 p-3">
            <input type="hidden" name="key" value={image.key} />
            <img src={image.url} alt="" width={80} height={80} className="size-20 rounded-md object-cover" />
            <div className="min-w-0 flex-1 basis-48">
              <label htmlFor={`alt-${image.key}`} className={labelClass}>
                Image {index + 1} alt text {index === 0 && <Badge tone="neutral">Main image</Badge>}
              </label>
              <input
                id={`alt-${image.key}`}
                name="alt"
                value={image.alt}
                onChange={(event) =>
                  setImages(
                    images.map((other) => (other.key === image.key ? { ...other, alt: event.target.value } : other)),
                  )
                }
                className={inputClass}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={smallButtonClass}
                disabled={index === 0}
                onClick={() => setImages(moved(images, index, -1))}
              >
                Move image {index + 1} up
              </button>
              <button
                type="button"
                className={smallButtonClass}
                disabled={index === images.length - 1}
                onClick={() => setImages(moved(images, index, 1))}
              >
                Move image {index + 1} down
              </button>
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => setImages(images.filter((other) => other.key !== image.key))}
              >
                Remove image {index + 1}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="submit" className="btn-primary py-2" disabled={busy}>
        {busy ? 'Saving...' : 'Save images'}
      </button>
    </Form>
  );
}

export function ProductImages({ product }: { product: AdminProduct }) {
  return (
    <Card className="space-y-6">
      <h2 className="text-lg font-semibold">Images</h2>
      {/* A new key after each change starts the arrangement from what the server now holds. */}
      <Arrangement key={product.updatedAt + product.images.length} product={product} />
      <Upload />
    </Card>
  );
}

/** Hidden or shown in the shop, and the button that flips it. */
export function ProductVisibility({ product }: { product: AdminProduct }) {
  const { busy } = useChangeForm('visibility');
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3">
      <p>
        {product.hidden ? <Badge tone="warning">Hidden</Badge> : <Badge tone="good">Shown in the shop</Badge>}{' '}
        {product.hidden ? (
          'Shoppers cannot see this product.'
        ) : (
          <a href={`/product/${product.slug}`} className={adminLinkClass}>
            View in the shop
          </a>
        )}
      </p>
      <Form method="post">
        <ChangeFields form="visibility" />
        <button
          type="submit"
          name={INTENT}
          value={product.hidden ? PRODUCT_INTENTS.unhide : PRODUCT_INTENTS.hide}
          className={smallButtonClass}
          disabled={busy}
        >
          {product.hidden ? 'Unhide' : 'Hide'}
        </button>
      </Form>
    </Card>
  );
}
