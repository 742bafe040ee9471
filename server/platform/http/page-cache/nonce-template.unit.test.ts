import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NonceTemplate, newPlaceholder } from './nonce-template.ts';

const placeholder = newPlaceholder();
const page = (nonce: string) =>
  `<!doctype html><html><head><script nonce="${nonce}">var a = 1;</script></head>` +
  `<body>${'<p>Brass diya, ₹1,299 — in stock</p>'.repeat(400)}<script nonce="${nonce}" type="module">import "/a.js";</script></body></html>`;

describe('a page kept with a stand-in for its nonce', () => {
  const template = new NonceTemplate(page(placeholder), placeholder);

  it('answers the page with each response’s own nonce, plain and gzip', () => {
    for (const nonce of ['AAAAAAAAAAAAAAAAAAAAAA==', 'b3Zlcg+/yZXhhbXBsZTEyMw==']) {
      expect(template.plain(nonce).toString()).toBe(page(nonce));
      expect(gunzipSync(template.gzip(nonce)).toString()).toBe(page(nonce));
    }
  });

  it('compresses the page once: the gzip body is far smaller than the plain one', () => {
    const nonce = 'AAAAAAAAAAAAAAAAAAAAAA==';
    expect(template.gzip(nonce).length).toBeLessThan(template.plain(nonce).length / 10);
  });

  it('keeps a page without the stand-in, or starting and ending with it, intact', () => {
    for (const html of ['<p>no scripts</p>', `${placeholder}<p>x</p>${placeholder}`, '']) {
      const kept = new NonceTemplate(html, placeholder);
      const expected = html.replaceAll(placeholder, 'NONCE');
      expect(kept.plain('NONCE').toString()).toBe(expected);
      expect(gunzipSync(kept.gzip('NONCE')).toString()).toBe(expected);
    }
  });

  it('tags the same page alike whatever nonce goes in, and a changed page differently', () => {
    expect(new NonceTemplate(page(placeholder), placeholder).etag).toBe(template.etag);
    expect(new NonceTemplate(page(placeholder).replace('₹1,299', '₹1,199'), placeholder).etag).not.toBe(template.etag);
    expect(template.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('never holds a stand-in another process or page could guess', () => {
    expect(newPlaceholder()).not.toBe(newPlaceholder());
  });
});
