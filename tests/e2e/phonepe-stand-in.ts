// A PhonePe-compatible host of its own, for the stand-in gateway journey (stand-in-gateway.payments.spec.ts): the
// standalone simulator on a loopback port, with its own in-memory database. Prints the shop settings that point at
// it as one JSON line, then serves until SIGTERM. Usage: tsx tests/e2e/phonepe-stand-in.ts <shop webhook URL>
import { openDatabase } from '../../server/db/client.ts';
import { phonePeSettingsFor, startStandaloneSimulator } from '../../server/phonepe-simulator/standalone.ts';

const [webhookUrl] = process.argv.slice(2);
const database = await openDatabase({});
await database.migrate();
const simulator = await startStandaloneSimulator({ db: database.db, webhookUrl });
console.log(JSON.stringify(phonePeSettingsFor(simulator)));
process.once('SIGTERM', () => {
  void simulator
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
