import type { User } from '../../../core/user';

/** The name the account area shows: the session gives it as fullname or fullName. */
export const displayName = (user: User): string => user.fullname || user.fullName || 'User';
