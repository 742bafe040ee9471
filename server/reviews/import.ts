import type { Db } from '../platform/db/client.ts';
import { reviews } from './schema.ts';

/** A review from elsewhere (the demo catalogue, a spreadsheet): no author account, never a verified purchase. */
export interface ImportedReview {
  userName: string;
  title: string;
  rating: number;
  message: string;
  createdAt: Date;
}

/**
 * Adds a product's imported reviews inside the caller's transaction; the product was imported with their rating
 * (ImportedProduct's reviewCount and ratingTotal), and the caller publishes the catalogue change once committed.
 */
export async function importReviews(tx: Db, productId: string, imported: ImportedReview[]): Promise<void> {
  if (imported.length === 0) return;
  await tx.insert(reviews).values(imported.map((review) => ({ ...review, productId, updatedAt: review.createdAt })));
}
