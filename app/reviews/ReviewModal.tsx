/**
 * The Write a Review modal (spec sections 2, 4, 5 and 8). Loaded only when it is first opened (ReviewsPanel), so
 * its form kit, zod and the API client stay out of the product page's first load.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { z } from '../../core/contracts/zod';
import { reviewSchema } from '../../core/contracts/catalog';
import {
  REVIEW_ACCEPTED_TYPES,
  REVIEW_MAX_FILE_BYTES,
  REVIEW_MAX_FILE_MEGABYTES,
  REVIEW_MESSAGES,
} from '../../core/contracts/reviews';
import type { Product } from '../../core/product';
import type { User } from '../../core/user';
import { EmailField, Field, TextAreaField } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { useForm, type FormValues } from '../lib/form';
import { useShop } from '../lib/use-shop';
import { ApiError } from '../lib/http';
import { toast } from '../lib/toast';
import { submitReview } from './api';
import { ModalDialog } from './ModalDialog';
import { StarRating } from './StarRating';
import { keptPhotos } from './photos';

/** The form's schema: the contract's, with the rating as the radio group gives it ('' until a star is chosen). */
const reviewFormSchema = reviewSchema.extend({
  rating: z.preprocess((value) => (value === '' ? undefined : Number(value)), reviewSchema.shape.rating),
});

/** The failure toast: the server's own words for a bad photo or field, else the spec's. */
const failureText = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 413) && error.message
    ? error.message
    : REVIEW_MESSAGES.failed;

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
        <SubmitButton busy={form.busy} busyLabel="Submitting...">
          Submit Now
        </SubmitButton>
      </form>
    </ModalDialog>
  );
}
