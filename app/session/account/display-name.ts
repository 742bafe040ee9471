import type { User } from '../../../core/user';

/** The name the account area shows: the session gives it as fullname or fullName. */
export const displayName = (user: User): string => user.fullname || user.fullName || 'User';

/** The text of a failed call: ApiError carries the server's message. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
