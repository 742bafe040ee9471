/** The main e2e shop's back-office owner, made before the shop starts (tests/e2e/create-owner.ts). */
export const E2E_OWNER = { email: 'e2e-owner@example.in', password: 'Owner-Chai-42' } as const;
/** Its authenticator secret and recovery codes, as create-owner.ts wrote them. */
export const E2E_OWNER_FILE = '.cache/e2e-owner.json';
