import { spawn } from 'node:child_process';

/** The standalone PhonePe simulator running as its own process (simulators/phonepe/serve.ts). */
export interface SimulatorProcess {
  /** http://127.0.0.1:PORT/__phonepe */
  url: string;
  /** The shop settings that point its PhonePe adapter at this simulator. */
  settings: Record<string, string>;
  webhookCredentials: { username: string; password: string };
  close(): Promise<void>;
}

/**
 * Starts the simulator as a child process and resolves once it listens and has said where. Its webhooks go to
 * `webhookUrl` (none without it); its state is in `databaseUrl`'s database, or in memory.
 */
export function startSimulatorProcess(
  options: { webhookUrl?: string; databaseUrl?: string; refundSettleMs?: number } = {},
): Promise<SimulatorProcess> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  if (options.databaseUrl) env.SIMULATOR_DATABASE_URL = options.databaseUrl;
  if (options.refundSettleMs !== undefined) env.SIMULATOR_REFUND_SETTLE_MS = String(options.refundSettleMs);
  const args = ['--import', 'tsx', 'simulators/phonepe/serve.ts', ...(options.webhookUrl ? [options.webhookUrl] : [])];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (!line) return;
      const said = JSON.parse(line) as Omit<SimulatorProcess, 'close'>;
      resolve({
        ...said,
        async close() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`The simulator exited (${code}): ${output}`)));
  });
}
