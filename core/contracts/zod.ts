/** Zod as every contract uses it: imported through here, so the browser's setting applies before any schema. */
import { z } from 'zod';

// The storefront's CSP forbids eval; without this, zod probes for it and the browser reports a violation.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
