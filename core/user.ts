// The account's shapes live in its contract; these names stay for the code that reads them.
export type { Address, User } from './contracts/account.ts';
