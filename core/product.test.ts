import { describe, expect, it } from 'vitest';
import { averageRating, cutTitle, discountPercent } from './product.ts';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money.ts';
import { responsiveSources } from './media.ts';

describe('product display rules', () => {
  it('computes the whole-percent discount badge', () => {
    expect(discountPercent(129_900, 38_970)).toBe(70);
    expect(discountPercent(249_900, 189_900)).toBe(24);
    expect(discountPercent(100_000, 100_000)).toBe(0);
  });

  it('averages ratings to one decimal', () => {
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(0, 0)).toBe(0);
  });

  it('cuts titles over 40 characters to 40 plus ...', () => {
    const long = 'Handcrafted Brass Diya Table Lamp with Jaali Cut-Out Shade';
    expect(cutTitle(long, 40)).toBe(`${long.slice(0, 40)}...`);
    expect(cutTitle('Short title', 40)).toBe('Short title');
    expect(cutTitle('x'.repeat(40), 40)).toBe('x'.repeat(40));
  });
});

describe('money', () => {
  it('converts between paise and rupees exactly', () => {
    expect(rupeesToPaise(389.7)).toBe(38_970);
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(paiseToRupees(38_970)).toBe(389.7);
  });

  it('formats rupees the Indian way', () => {
    expect(formatRupees(129_999)).toBe('₹1,29,999');
    expect(formatRupees(389.7)).toBe('₹389.70');
    expect(formatRupees(60, { fixedDecimals: true })).toBe('₹60.00');
  });

  it('formats every amount as Intl.NumberFormat en-IN does', () => {
    const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const exact = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const intl = (rupees: number, fixedDecimals: boolean) =>
      `₹${(fixedDecimals || !Number.isInteger(rupees) ? exact : whole).format(rupees)}`;
    const paise = [0, 1, 5, 10, 99, 100, 101, 999_99, 1000_00, 1_00_000_00, 12_34_567_89, 99_99_99_999_99, -38_970];
    for (let value = 7; value < 2 ** 45; value = value * 3 + 1) paise.push(value);
    for (const amount of paise) {
      const rupees = paiseToRupees(amount);
      for (const fixedDecimals of [false, true])
        expect(formatRupees(rupees, { fixedDecimals })).toBe(intl(rupees, fixedDecimals));
    }
  });
});

describe('responsive image sources', () => {
  it('lists every width in AVIF and WebP for a media URL', () => {
    const sources = responsiveSources('/media/0123456789abcdef01234567/960.webp');
    expect(sources.srcSets?.avif).toContain('/media/0123456789abcdef01234567/160.avif 160w');
    expect(sources.srcSets?.webp).toContain('/media/0123456789abcdef01234567/1280.webp 1280w');
  });

  it('leaves other URLs alone', () => {
    expect(responsiveSources('https://example.com/a.jpg')).toEqual({ src: 'https://example.com/a.jpg', srcSets: null });
  });
});
