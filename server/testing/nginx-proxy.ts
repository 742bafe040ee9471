// Debian's nginx in front of shop processes, with the shipped deploy/nginx/shop.conf (decision 0068): run as the
// test's own, with a prefix, main config and logs in a scratch directory, the upstream and listen ports substituted.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { freePort } from './shop-process.ts';

export const NGINX = '/usr/sbin/nginx';
const SHIPPED_CONFIG = 'deploy/nginx/shop.conf';
/** The shipped upstream's server lines, 127.0.0.1:3001 to :3003, with their parameters. */
const UPSTREAM_SERVER = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm;

export interface NginxProxy {
  origin: string;
  port: number;
  pid: number;
  /** What `nginx -t` said of the configuration. */
  configTest: string;
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * The shipped configuration for these ports: one upstream server line per port, each with the shipped line's
 * parameters, and `listen 80` moved to 127.0.0.1:listenPort.
 */
export function shopConfigFor(upstreamPorts: number[], listenPort: number): string {
  const shipped = readFileSync(SHIPPED_CONFIG, 'utf8');
  const [first] = [...shipped.matchAll(UPSTREAM_SERVER)];
  if (!first || !/^\s*listen 80;$/m.test(shipped))
    throw new Error(`${SHIPPED_CONFIG} lost its upstream or listen line`);
  const [, indent, parameters = ''] = first;
  const servers = upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${parameters};\n`).join('');
  let linesLeft = servers;
  return shipped
    .replace(UPSTREAM_SERVER, () => {
      const lines = linesLeft; // all of them where the first shipped line was, the other shipped lines dropped
      linesLeft = '';
      return lines;
    })
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
}

/** The main nginx.conf Debian would have, cut down to one directory: logs, pid and temporary files in it. */
const mainConfig = (directory: string) => `daemon off;
worker_processes 2;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events {
    worker_connections 1024;
}
http {
    access_log ${directory}/access.log;
    client_body_temp_path ${directory}/client_body;
    proxy_temp_path ${directory}/proxy;
    fastcgi_temp_path ${directory}/fastcgi;
    uwsgi_temp_path ${directory}/uwsgi;
    scgi_temp_path ${directory}/scgi;
    include ${directory}/shop.conf;
}
`;

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Checks the configuration with `nginx -t` (throws on a refusal), then runs nginx until stop(). */
export async function startNginx(upstreamPorts: number[]): Promise<NginxProxy> {
  if (!existsSync(NGINX)) throw new Error(`No ${NGINX}: install Debian's nginx (apt-get install nginx; .ci/run does)`);
  const directory = path.resolve('.cache/nginx', randomBytes(6).toString('hex'));
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  writeFileSync(path.join(directory, 'shop.conf'), shopConfigFor(upstreamPorts, port));
  writeFileSync(path.join(directory, 'nginx.conf'), mainConfig(directory));
  // -e: the error log before the configuration is read, instead of Debian's /var/log/nginx/error.log.
  const args = ['-p', directory, '-c', path.join(directory, 'nginx.conf'), '-e', path.join(directory, 'error.log')];
  const test = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
  const configTest = `${test.stdout}${test.stderr}`;
  if (test.status !== 0) throw new Error(`nginx -t refused ${SHIPPED_CONFIG}:\n${configTest}`);
  const child = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => `${stderr}${readFileSync(path.join(directory, 'error.log'), 'utf8')}`;
  for (const deadline = Date.now() + 10_000; !(await accepts(port));) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${errorLog()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    configTest,
    errorLog,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT'); // finishes the requests in flight, as `nginx -s quit`
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
