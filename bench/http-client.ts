// The benches' HTTP client: undici's request over keep-alive connections. fetch costs the load generator several
// times more CPU per request, and the load generator shares the machine with the shop it measures.
import { Agent, request } from 'undici';

const agent = new Agent({ connections: 256, keepAliveTimeout: 30_000 });

export interface Answer {
  status: number;
  text: string;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await request(url, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.statusCode, text: await response.body.text() };
}

export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await request(url, { dispatcher: agent, headers });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${text}`);
  return JSON.parse(text) as T;
}
