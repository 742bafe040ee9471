/**
 * The main e2e shop's back-office owners, one per browser project (a TOTP code works once, so two projects signing
 * in as one owner in the same 30 seconds would refuse each other), made before the shop starts (create-owner.ts).
 */
export const E2E_OWNER_PROJECTS = ['desktop', 'mobile'] as const;
export const e2eOwner = (project: string) =>
  ({ email: `e2e-owner-${project}@example.in`, password: 'Owner-Chai-42-masala' }) as const;
/** Their authenticator secrets and recovery codes by project, as create-owner.ts wrote them. */
export const E2E_OWNER_FILE = '.cache/e2e-owner.json';

/**
 * The back-office journey's owner (back-office-journey.payments.spec.ts), made with `npm run admin:create` before the
 * payments shop starts, as an operator would; the command's output is kept for the journey to read.
 */
export const JOURNEY_OWNER = { email: 'e2e-journey-owner@example.in', password: 'Journey-Chai-42-masala' } as const;
export const JOURNEY_OWNER_OUTPUT = '.cache/e2e-journey-owner.txt';
