import type { NonceTemplate } from './nonce-template.ts';

/** A rendered page as every anonymous visitor gets it: its status, headers and body with a stand-in for the nonce. */
export interface CachedPage {
  status: number;
  headers: [name: string, value: string][];
  body: NonceTemplate;
  /** Whether it may be kept: a 200 HTML page that sets no cookie. Others are only shared by requests waiting on it. */
  keep: boolean;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  pages: number;
  bytes: number;
  maxBytes: number;
}

/**
 * Anonymous pages in memory (decision 0038), least recently used first out past `maxBytes`. A miss renders once
 * however many requests wait for it; `clear()` (anything a page shows changed, in any process) empties the cache,
 * and a render that began before it is handed to its waiters but never kept.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly rendering = new Map<string, Promise<CachedPage>>();
  private generation = 0;
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(private readonly maxBytes: number) {}

  /** The page kept under `key`, counted as a hit, or undefined (not counted: get() counts the miss). */
  peek(key: string): CachedPage | undefined {
    const kept = this.pages.get(key);
    if (!kept) return undefined;
    // Map order is insertion order: taking it out and back in makes it the most recently used.
    this.pages.delete(key);
    this.pages.set(key, kept);
    this.hits++;
    return kept;
  }

  async get(key: string, render: () => Promise<CachedPage>): Promise<{ page: CachedPage; hit: boolean }> {
    const kept = this.peek(key);
    if (kept) return { page: kept, hit: true };
    this.misses++;
    let pending = this.rendering.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = render()
        .then((page) => {
          if (page.keep && generation === this.generation) this.keep(key, page);
          return page;
        })
        .finally(() => {
          if (this.rendering.get(key) === pending) this.rendering.delete(key);
        });
      this.rendering.set(key, pending);
    }
    return { page: await pending, hit: false };
  }

  /** Forgets every page, and every render under way, so the next request renders what is true now. */
  clear(): void {
    this.generation++;
    this.pages.clear();
    this.rendering.clear();
    this.bytes = 0;
  }

  stats(): PageCacheStats {
    return { hits: this.hits, misses: this.misses, pages: this.pages.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  private keep(key: string, page: CachedPage): void {
    if (page.body.bytes > this.maxBytes) return;
    this.bytes += page.body.bytes;
    this.pages.set(key, page);
    for (const [oldest, old] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= old.body.bytes;
    }
  }
}
