/** sessionStorage's interface over a Map: what a tab keeps when the browser refuses storage, and what tests use. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let fallback: Storage | null = null;

/**
 * This tab's sessionStorage, or, where the browser refuses it (storage blocked for the site, which makes reading
 * `window.sessionStorage` throw), a memory stand-in that lasts as long as the page.
 */
export function tabStorage(): Storage {
  try {
    return window.sessionStorage;
  } catch {
    return (fallback ??= memoryStorage());
  }
}
