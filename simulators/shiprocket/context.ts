import type { Faults } from './faults.ts';
import type { ShiprocketSimulator } from './simulator.ts';
import type { ShiprocketWebhookTarget, WebhookSender } from './webhooks.ts';

/** What the simulator's route groups share, built once by shiprocketSimulatorRoutes. */
export interface SimulatorContext {
  simulator: ShiprocketSimulator;
  faults: Faults;
  webhooks: WebhookSender;
  /** Where the panel's webhook points, changeable by the control API. */
  webhookTarget: { url: string | null; token: string | null } | null;
  target: ShiprocketWebhookTarget;
  /** A label's or manifest's absolute URL. */
  documentUrl: (id: string) => string;
}
