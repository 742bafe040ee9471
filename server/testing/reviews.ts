import type { ReviewInput } from '../../core/contracts/catalog.ts';

/** A review that passes every rule of the form (spec section 5). */
export const goodReview: ReviewInput = {
  fullname: 'Asha Verma',
  email: 'asha@example.in',
  rating: 4,
  title: 'Lovely print',
  review: 'The colours are rich and the frame is solid.',
};
