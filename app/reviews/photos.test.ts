import { describe, expect, it } from 'vitest';
import { keptPhotos } from './photos';

const rules = {
  maxFiles: 2,
  maxBytes: 100,
  messages: { notImage: 'not image', tooLarge: 'too large', tooMany: 'too many' },
};
const file = (type: string, size = 10) => ({ type, size });

describe('the photos a review keeps', () => {
  it('keeps images within the limits, in the order chosen', () => {
    const chosen = [file('image/png'), file('image/jpeg')];
    expect(keptPhotos(chosen, rules)).toEqual({ kept: chosen, problem: null });
  });

  it('keeps the first ones when more are chosen than allowed, and says so', () => {
    const chosen = [file('image/png', 1), file('image/png', 2), file('image/png', 3)];
    expect(keptPhotos(chosen, rules)).toEqual({ kept: chosen.slice(0, 2), problem: 'too many' });
  });

  it('leaves out files that are not images or are too large, naming the first reason', () => {
    const photo = file('image/webp');
    expect(keptPhotos([file('application/pdf'), file('image/png', 101), photo], rules)).toEqual({
      kept: [photo],
      problem: 'not image',
    });
    expect(keptPhotos([file('image/png', 101)], rules)).toEqual({ kept: [], problem: 'too large' });
  });
});
