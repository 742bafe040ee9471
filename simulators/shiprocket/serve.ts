// The standalone Shiprocket simulator as a process of its own on a loopback port, for journeys and the benchmark
// that keep Shiprocket's side out of the shop's and the test's process. Its state lives in SIMULATOR_DATABASE_URL's
// PostgreSQL database, or in memory. Prints one JSON line (its API and control URLs, the shop settings that point
// at it), then serves until SIGTERM.
// Usage: tsx simulators/shiprocket/serve.ts [<shop tracking webhook URL> [<webhook token>]]
import { openDatabase } from '../../server/platform/db/client.ts';
import { shiprocketSettingsFor, startStandaloneShiprocket } from './standalone.ts';

const [webhookUrl, webhookToken = 'simulator-webhook-token'] = process.argv.slice(2);
const database = await openDatabase({ url: process.env.SIMULATOR_DATABASE_URL, poolSize: 10 });
await database.migrate();
const simulator = await startStandaloneShiprocket({ db: database.db, webhookUrl, webhookToken });
const { apiUrl, controlUrl } = simulator;
console.log(JSON.stringify({ apiUrl, controlUrl, settings: shiprocketSettingsFor(simulator, webhookToken) }));
process.once('SIGTERM', () => {
  void simulator
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
