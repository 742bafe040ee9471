// Makes a back-office owner: npm run admin:create -- --email owner@example.in [--password <password>]
// The password is asked twice on standard input (unseen on a terminal, or two lines piped in); it is the account's
// new password, an existing account's old one is gone and its sessions end (decision 0048). `--password` works too,
// with a warning: it lands in the shell's history. Prints the authenticator's otpauth:// URI and ten one-time
// recovery codes. Run again, it resets a lost authenticator. On the embedded database (PGlite) run it with the shop
// stopped.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../server/root/modules.ts';
import { createServices } from '../server/root/services.ts';
import { adminPasswordSchema } from '../core/contracts/admin-session.ts';
import { emailSchema } from '../core/contracts/fields.ts';

const USAGE = 'Usage: npm run admin:create -- --email <e-mail> [--password <password>]';
const ARGUMENT_WARNING =
  'Warning: a password given with --password lands in your shell history and is visible to other users of this ' +
  'machine while the command runs. Leave it out to be asked for it instead.';

/** The password, asked twice on standard input: typed unseen on a terminal, or two lines piped in; kept as typed. */
async function passwordFromInput(): Promise<string> {
  const questions = ['New password for the account: ', 'The same password again: '];
  const answers: string[] = [];
  if (process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = lines as unknown as { _writeToOutput: (text: string) => void };
    const write = output._writeToOutput.bind(lines);
    output._writeToOutput = (text: string) => write(questions.some((q) => text.startsWith(q)) ? text : '');
    try {
      for (const question of questions) {
        answers.push(await lines.question(question));
        process.stdout.write('\n');
      }
    } finally {
      lines.close();
    }
  } else {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) if (answers.push(line.replace(/\r$/, '')) === questions.length) break;
    lines.close();
  }
  if (answers.length < questions.length || !answers[0]) throw new Error('No password given');
  if (answers[0] !== answers[1]) throw new Error('The two passwords differ');
  return answers[0];
}

/** The options, or null when the command line is not what USAGE says: `--email` with no value, a bare argument. */
function commandLine(): { email?: string | undefined; password?: string | undefined } | null {
  try {
    return parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } }).values;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const values = commandLine();
  const email = emailSchema.safeParse(values?.email ?? '');
  if (!values || !email.success) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  // NODE_ENV 'test' keeps the background mail sender of this short-lived process off.
  const services = await createServices({ ...loadConfig(), SEED_DEMO: false, NODE_ENV: 'test' });
  try {
    if (values.password !== undefined) console.error(ARGUMENT_WARNING);
    const password = values.password ?? (await passwordFromInput());
    const strong = adminPasswordSchema.safeParse(password);
    if (!strong.success) throw new Error(strong.error.issues[0]!.message);
    const owner = await services.admin.createOwner({ email: email.data, password });
    console.log(
      [
        `${owner.email} is an owner of the back office${owner.createdAccount ? ' (a new account)' : ', with the new password; its other sessions ended'}.`,
        '',
        'Add this to an authenticator app (paste it, or make it a QR code):',
        owner.otpauthUri,
        '',
        'One-time recovery codes, each usable once in place of a code. Keep them somewhere safe:',
        ...owner.recoveryCodes.map((code) => `  ${code}`),
        '',
        `Sign in at ${services.origin}/admin/sign-in`,
      ].join('\n'),
    );
  } finally {
    await services.close();
  }
}

main().catch((error: unknown) => {
  // A bad setting, an embedded database a running shop holds, a weak password: the message says which.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
