/** Procedural artwork for the demo catalogue: one drawing per motif, composed into five product views. */
import type { ArtSpec, Motif } from '../types.ts';
import type { MotifArt } from './kit.ts';
import { composeProductArt } from './scene.ts';
import { WALL_ART } from './wall-art.ts';
import { LIGHTING } from './lighting.ts';
import { ACCENTS } from './accents.ts';
import { TOYS } from './toys.ts';

export { promoBannerSvg, snapshotSvg } from './banners.ts';
export { PALETTE_COLOURS } from './kit.ts';

const MOTIF_ART: Record<Motif, MotifArt> = { ...WALL_ART, ...LIGHTING, ...ACCENTS, ...TOYS };

/** A 1200 x 1200 SVG: view 0 studio, 1 in a room, 2 close-up, 3 other colourway, 4 with its box. */
export function productArtSvg(spec: ArtSpec, variant: number, seed: number): string {
  return composeProductArt(spec, MOTIF_ART[spec.motif], variant, seed);
}
