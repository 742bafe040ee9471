import { useRef, useState, type FormEvent } from 'react';
import {
  arrangeProductImagesEndpoint,
  hideProductEndpoint,
  productImagesFormData,
  unhideProductEndpoint,
  uploadProductImagesEndpoint,
  type AdminProduct,
} from '../../core/contracts/admin-products';
import { change, changeOrToast } from './api';
import { moved } from './product-form';
import { Badge, Card, adminLinkClass, inputClass, labelClass, smallButtonClass } from './ui';
import { useAdminViewer } from './viewer';

type Changed = (product: AdminProduct) => void;

/** Uploads new images, with one alt text for them all (blank: the product's title). */
function Upload({ productId, onChanged }: { productId: string; onChanged: Changed }) {
  const { csrfToken } = useAdminViewer();
  const files = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = [...(files.current?.files ?? [])];
    setBusy(true);
    const answer = await changeOrToast(
      () =>
        change(csrfToken, uploadProductImagesEndpoint, {
          params: { productId },
          body: productImagesFormData(chosen, alt.trim() ? [alt.trim()] : []),
        }),
      'Images uploaded',
    );
    setBusy(false);
    if (!answer) return;
    if (files.current) files.current.value = '';
    setAlt('');
    onChanged(answer.product);
  };
  return (
    <form onSubmit={(event) => void upload(event)} className="space-y-3" aria-label="Upload images">
      <h3 className="font-semibold">Add images</h3>
      <div>
        <label htmlFor="product-image-files" className={labelClass}>
          Image files
        </label>
        <input id="product-image-files" ref={files} type="file" accept="image/*" multiple className={inputClass} />
      </div>
      <div>
        <label htmlFor="product-image-alt" className={labelClass}>
          Alt text for these images (blank: the title)
        </label>
        <input
          id="product-image-alt"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          className={inputClass}
        />
      </div>
      <button type="submit" className="btn-primary py-2" disabled={busy}>
        {busy ? 'Uploading...' : 'Upload'}
      </button>
    </form>
  );
}

/** The product's images in order: move, edit alt text, remove; nothing changes until they are saved. */
function Arrangement({ product, onChanged }: { product: AdminProduct; onChanged: Changed }) {
  const { csrfToken } = useAdminViewer();
  const [images, setImages] = useState(product.images);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const answer = await changeOrToast(
      () =>
        change(csrfToken, arrangeProductImagesEndpoint, {
          params: { productId: product._id },
          body: { images: images.map(({ key, alt }) => ({ key, alt })) },
        }),
      'Images saved',
    );
    setBusy(false);
    if (answer) onChanged(answer.product);
  };
  if (product.images.length === 0) return <p className="text-stone-600">No images yet.</p>;
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {images.map((image, index) => (
          <li key={image.key} className="flex flex-wrap items-end gap-3 rounded-md border border-stone-200 p-3">
            <img src={image.url} alt="" width={80} height={80} className="size-20 rounded-md object-cover" />
            <div className="min-w-0 flex-1 basis-48">
              <label htmlFor={`alt-${image.key}`} className={labelClass}>
                Image {index + 1} alt text {index === 0 && <Badge tone="neutral">Main image</Badge>}
              </label>
              <input
                id={`alt-${image.key}`}
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
      <button type="button" className="btn-primary py-2" disabled={busy} onClick={() => void save()}>
        {busy ? 'Saving...' : 'Save images'}
      </button>
    </div>
  );
}

export function ProductImages({ product, onChanged }: { product: AdminProduct; onChanged: Changed }) {
  return (
    <Card className="space-y-6">
      <h2 className="text-lg font-semibold">Images</h2>
      {/* A new key after each change starts the arrangement from what the server now holds. */}
      <Arrangement key={product.updatedAt + product.images.length} product={product} onChanged={onChanged} />
      <Upload productId={product._id} onChanged={onChanged} />
    </Card>
  );
}

/** Hidden or shown in the shop, and the button that flips it. */
export function ProductVisibility({ product, onChanged }: { product: AdminProduct; onChanged: Changed }) {
  const { csrfToken } = useAdminViewer();
  const [busy, setBusy] = useState(false);
  const flip = async () => {
    setBusy(true);
    const endpoint = product.hidden ? unhideProductEndpoint : hideProductEndpoint;
    const answer = await changeOrToast(
      () => change(csrfToken, endpoint, { params: { productId: product._id } }),
      product.hidden ? 'Product shown in the shop' : 'Product hidden',
    );
    setBusy(false);
    if (answer) onChanged(answer.product);
  };
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
      <button type="button" className={smallButtonClass} disabled={busy} onClick={() => void flip()}>
        {product.hidden ? 'Unhide' : 'Hide'}
      </button>
    </Card>
  );
}
