import type { Db } from '../../server/platform/db/client.ts';
import type { Faults } from './faults.ts';
import type { PhonePeSimulator } from './simulator.ts';
import type { SimulatorCredentials, TokenCheck } from './tokens.ts';

/** What the simulator's route groups share, built once by simulatorRoutes. */
export interface SimulatorContext {
  db: Db;
  simulator: PhonePeSimulator;
  faults: Faults;
  credentials: SimulatorCredentials;
  tokens: TokenCheck;
  tokenTtlSeconds: number;
  merchantId: string;
  merchantName: string;
  /** The pay page's absolute URL, as the browser reaches it. */
  payUrl: (payToken: string) => string;
  frameAncestors: readonly string[];
}
