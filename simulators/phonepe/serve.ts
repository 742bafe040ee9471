// The standalone simulator as a process of its own, a PhonePe-compatible host on a loopback port: the stand-in
// gateway journey (e2e) and the benchmark run it beside a shop, so PhonePe's side never shares a process with the
// test or the load generator. Its state lives in SIMULATOR_DATABASE_URL's PostgreSQL database, or in memory.
// Prints one JSON line (its URL, the shop settings that point at it, its webhook credentials), then serves until
// SIGTERM. Usage: tsx simulators/phonepe/serve.ts [<shop webhook URL>]
import { openDatabase } from '../../server/platform/db/client.ts';
import { phonePeSettingsFor, startStandaloneSimulator } from './standalone.ts';

const [webhookUrl] = process.argv.slice(2);
const database = await openDatabase({ url: process.env.SIMULATOR_DATABASE_URL, poolSize: 10 });
await database.migrate();
const refundSettleMs = process.env.SIMULATOR_REFUND_SETTLE_MS
  ? Number(process.env.SIMULATOR_REFUND_SETTLE_MS)
  : undefined;
const simulator = await startStandaloneSimulator({ db: database.db, webhookUrl, refundSettleMs });
const { url, webhookCredentials } = simulator;
console.log(JSON.stringify({ url, settings: phonePeSettingsFor(simulator), webhookCredentials }));
process.once('SIGTERM', () => {
  void simulator
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
