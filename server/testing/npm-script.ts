import { spawn } from 'node:child_process';

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** How long the command took, from spawn to exit. */
  ms: number;
}

/**
 * `npm run -s <script> -- <args>` as an operator types it, with only the given settings (on top of PATH, HOME and a
 * quiet log) and `stdin` piped in, or no standard input at all. A command still running after `timeoutMs` is
 * killed with its whole process group and the run fails, so a hang shows as a failure, not as a stuck suite.
 */
export function runNpmScript(
  script: string,
  args: string[],
  { env, stdin, timeoutMs = 60_000 }: { env: Record<string, string>; stdin?: string; timeoutMs?: number },
): Promise<ScriptRun> {
  const started = Date.now();
  const child = spawn('npm', ['run', '-s', script, '--', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    detached: true, // its own process group: npm, its shell and node go together on a timeout
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (stdin !== undefined) child.stdin!.end(stdin);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`npm run ${script} ${args.join(' ')} did not exit within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}
