import { CACHED_DATA_KEPT_MS } from '../../core/constants';

/** What a route's server loader answered, by page URL, and when it was last used. */
const kept = new Map<string, { data: unknown; usedAt: number }>();

/**
 * A catalogue route's clientLoader: the server loader's answer for a URL is reused until CACHED_DATA_KEPT_MS after
 * it was last used (spec section 9), so going back to a page the browser fetched asks the server nothing. The page
 * a visit starts on comes with the server's HTML and is fetched once when it is next navigated to.
 */
export async function keptLoaderData<Data>({
  request,
  serverLoader,
}: {
  request: Request;
  serverLoader: () => Promise<Data>;
}): Promise<Data> {
  const now = Date.now();
  for (const [url, entry] of kept) if (now - entry.usedAt > CACHED_DATA_KEPT_MS) kept.delete(url);
  const entry = kept.get(request.url);
  const data = entry ? (entry.data as Data) : await serverLoader(); // a failure is not kept
  kept.set(request.url, { data, usedAt: Date.now() });
  return data;
}
