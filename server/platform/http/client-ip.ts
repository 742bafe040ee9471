import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The key a client's address is counted under. An IPv6 customer is usually given a whole /64, so counting
 * single addresses would let one client rotate through billions of them; IPv4-mapped addresses count as IPv4.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of an IPv6 address, '::' expanded (a zone id such as %eth0 dropped). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((hextet) => hextet.toLowerCase().replace(/^0+(?=.)/, ''));
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/** Whether the TCP peer is this machine. Uses the socket's address, never X-Forwarded-For. */
export const isLoopbackPeer = (remoteAddress: string | undefined): boolean =>
  remoteAddress !== undefined && LOOPBACK.test(remoteAddress);

/**
 * Whether a request came through a proxy: it carries a header proxies add (Forwarded, X-Forwarded-For and the other
 * X-Forwarded-*, X-Real-IP, Via). Such a request's loopback peer is the proxy, not the person asking.
 */
export function isForwarded(headers: FastifyRequest['headers']): boolean {
  return Object.keys(headers).some((name) => FORWARDING_HEADER.test(name));
}

const FORWARDING_HEADER = /^(forwarded|x-forwarded-.+|x-real-ip|via)$/i;

/**
 * For the local conveniences (the dev mailbox, the payment simulator, the bench ceiling): they answer only this
 * machine, so a shop started on 0.0.0.0 without NODE_ENV does not hand its reset links to the network. A request
 * from loopback that carries a proxy's headers came from elsewhere through a proxy on this machine, so it is refused
 * too (decision 0022). Others get a 404: nothing is there for them.
 */
export async function onlyFromThisMachine(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!isLoopbackPeer(request.raw.socket.remoteAddress) || isForwarded(request.headers)) {
    await reply.code(404).send({ message: 'Not found' });
  }
}
