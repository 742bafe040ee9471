/**
 * The Write a Review modal (spec sections 2, 4, 5 and 8). Loaded only when it is first opened (ReviewsPanel), so
 * its form kit, zod and the API client stay out of the product page's first load.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { z } from '../../core/contracts/zod';
import { reviewSchema } from '../../core/contracts/catalog';
import {
  REVIEW_ACCEPTED_TYPES,
  REVIEW_MAX_FILE_BYTES,
  REVIEW_MAX_FILE_MEGABYTES,
  REVIEW_MESSAGES,
  type OwnReview,
} from '../../core/contracts/reviews';
import type { Product } from '../../core/product';
import type { User } from '../../core/user';
import { EmailField, Field, TextAreaField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { useForm, type FormValues } from '../lib/form';
import { useShop } from '../lib/use-shop';
import { ApiError } from '../lib/http';
import { toast } from '../lib/toast';
import { deleteOwnReview, fetchOwnReview, submitReview } from './api';
import { ModalDialog } from './ModalDialog';
import { StarRating } from './StarRating';
import { keptPhotos } from './photos';

/** The form's schema: the contract's, with the rating as the radio group gives it ('' until a star is chosen). */
const reviewFormSchema = reviewSchema.extend({
  rating: z.preprocess((value) => (value === '' ? undefined : Number(value)), reviewSchema.shape.rating),
});

/** The failure toast: the server's own words for a bad photo or field, else the spec's. */
const failureText = (error: unknown) =>
  error instanceof ApiError && [400, 403, 413].includes(error.status) && error.message
    ? error.message
    : REVIEW_MESSAGES.failed;

const DELETE_FAILED = 'Failed to delete the review. Please try again.';

/**
 * The shopper's own review of the product, once the server has answered: the form is filled with it (their name,
 * address, title, stars and text) and its photos are shown. Null while loading, when there is none, or on failure
 * (the form then starts empty, as for a first review).
 */
function useOwnReview(productId: string, fill: (values: FormValues<typeof reviewFormSchema>) => void) {
  const [own, setOwn] = useState<OwnReview | null>(null);
  const fillRef = useRef(fill);
  useEffect(() => {
    let current = true;
    fetchOwnReview(productId).then(
      (review) => {
        if (!current || !review) return;
        setOwn(review);
        const { userName, email, title, rating, message } = review;
        fillRef.current({ fullname: userName, email, title, rating: String(rating), review: message });
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [productId]);
  return own;
}

interface ReviewModalProps {
  product: Pick<Product, '_id' | 'title'>;
  user: Pick<User, '_id' | 'fullname' | 'email'>;
  onClose: () => void;
  /** The review was saved: the page fetches its list again. */
  onSubmitted: () => void;
}

export default function ReviewModal({ product, user, onClose, onSubmitted }: ReviewModalProps) {
  const maxFiles = useShop().reviewMaxFiles;
  const [initialValues] = useState<FormValues<typeof reviewFormSchema>>(() => ({
    fullname: user.fullname ?? '',
    email: user.email ?? '',
    title: '',
    rating: '',
    review: '',
  }));
  // The spec's order of toasts is the schema's order of fields: fullname, email, title, rating, review.
  const form = useForm(reviewFormSchema, { initialValues, onInvalid: toast.error });
  const [files, setFiles] = useState<File[]>([]);
  const own = useOwnReview(product._id, form.setValues);
  const [deleting, setDeleting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const photosId = useId();

  const choosePhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const { kept, problem } = keptPhotos(Array.from(event.target.files ?? []), {
      maxFiles,
      maxBytes: REVIEW_MAX_FILE_BYTES,
      messages: {
        notImage: REVIEW_MESSAGES.notImage,
        tooLarge: REVIEW_MESSAGES.tooLarge(REVIEW_MAX_FILE_MEGABYTES),
        tooMany: REVIEW_MESSAGES.tooManyFiles(maxFiles),
      },
    });
    if (problem) toast.error(problem);
    setFiles(kept);
  };

  // After a submit attempt the form is reset and the modal closes (spec section 4), whatever the answer.
  const submit = form.handleSubmit(async (data) => {
    try {
      await submitReview(product._id, user._id, data, files);
      toast.success(REVIEW_MESSAGES.submitted);
      onSubmitted();
    } catch (error) {
      toast.error(failureText(error));
    } finally {
      form.setValues(initialValues);
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
      onClose();
    }
  });

  const deleteReview = async () => {
    setDeleting(true);
    try {
      await deleteOwnReview(product._id);
      toast.success(REVIEW_MESSAGES.deleted);
      onSubmitted();
      onClose();
    } catch {
      toast.error(DELETE_FAILED);
      setDeleting(false);
    }
  };

  const photoLabel = `Photos (optional): images only, max ${REVIEW_MAX_FILE_MEGABYTES} MB each, up to ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'}`;
  return (
    <ModalDialog title="Write a Review" onClose={onClose}>
      <p className="-mt-2 mb-4 text-sm text-stone-600">{product.title}</p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Full name" autoComplete="name" required {...form.field('fullname')} />
          <EmailField label="Email" required {...form.field('email')} />
        </div>
        <Field label="Title" required {...form.field('title')} />
        <StarRating {...form.field('rating')} label="Rating" />
        <TextAreaField label="Review" required rows={5} {...form.field('review')} />
        {own && own.images.length > 0 && (
          <div>
            <p className="text-sm font-medium text-stone-800">Your photos (kept unless you choose new ones)</p>
            <ul className="mt-1 flex gap-2" data-testid="own-review-photos">
              {own.images.map((url, index) => (
                <li key={url}>
                  <img src={url} alt={`Your photo ${index + 1}`} className="size-16 rounded object-cover" />
                </li>
              ))}
            </ul>
          </div>
        )}
        {maxFiles > 0 && (
          <div>
            <label htmlFor={photosId} className="block text-sm font-medium text-stone-800">
              {photoLabel}
            </label>
            <input
              id={photosId}
              ref={fileInput}
              type="file"
              name="files"
              accept={REVIEW_ACCEPTED_TYPES.join(',')}
              multiple={maxFiles > 1}
              onChange={choosePhotos}
              className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            />
            {files.length > 0 && (
              <p className="mt-1 text-sm text-stone-600" aria-live="polite">
                {files.length} {files.length === 1 ? 'photo' : 'photos'} chosen:{' '}
                {files.map((file) => file.name).join(', ')}
              </p>
            )}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={form.busy} busyLabel="Submitting...">
            Submit Now
          </SubmitButton>
          {own && (
            <button
              type="button"
              className="rounded-md border border-red-700 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
              disabled={deleting || form.busy}
              onClick={() => void deleteReview()}
            >
              {deleting ? 'Deleting...' : 'Delete my review'}
            </button>
          )}
        </div>
      </form>
    </ModalDialog>
  );
}
