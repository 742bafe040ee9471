/** Shared pieces for the demo artwork: palettes, a seeded random source, and the drawer contract. */
import type { Palette } from '../types.ts';

export interface Colours {
  base: string;
  accent: string;
  light: string;
  dark: string;
  background: string;
}

export const PALETTE_COLOURS: Record<Palette, Colours> = {
  terracotta: { base: '#c2643a', accent: '#e9b872', light: '#f6e3d3', dark: '#6e2f17', background: '#f3e7dc' },
  indigo: { base: '#34427a', accent: '#d9a441', light: '#dfe3f3', dark: '#1b2247', background: '#e8ebf4' },
  sage: { base: '#7f9a7a', accent: '#d8b384', light: '#e7eee3', dark: '#3e5240', background: '#eef2ea' },
  mustard: { base: '#d4a024', accent: '#3f6e73', light: '#f8ecc8', dark: '#7a5a0e', background: '#f7f0de' },
  blush: { base: '#d99a9a', accent: '#7d5a7a', light: '#f7e4e1', dark: '#8a4b4f', background: '#f8ecea' },
  teal: { base: '#2f8a8a', accent: '#f0a35e', light: '#d8efee', dark: '#17494a', background: '#e6f1f0' },
  charcoal: { base: '#3d3d42', accent: '#c9a96e', light: '#e4e2de', dark: '#1d1d20', background: '#eceae6' },
  peacock: { base: '#1f6f8b', accent: '#3aa17e', light: '#dcebf0', dark: '#123f50', background: '#e4eff2' },
};

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DrawContext {
  colours: Colours;
  /** Seeded per product: use it for small variations (positions, counts, accent choices). */
  random: () => number;
  /** A unique prefix for gradient ids, so several drawings can share one SVG. */
  id: string;
}

/**
 * A drawer returns SVG elements (no <svg> wrapper) for one object in a 1000 x 1000 box. The object stands
 * on (or, for wall pieces, hangs centred in) that box: horizontally centred at x = 500, its base at
 * y = 920 for 'floor'/'table' objects, vertically centred for 'wall' objects. It may put <defs> in its output.
 */
export type Drawer = (context: DrawContext) => string;

export interface MotifArt {
  draw: Drawer;
  /** Where the object goes in a room scene. */
  placement: 'wall' | 'table' | 'floor';
}

export const f = (value: number) => Math.round(value * 10) / 10;
export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
