/** Composes one product drawing into the five views a product page shows. */
import type { ArtSpec } from '../types.ts';
import { PALETTE_COLOURS, seededRandom, f, type Colours, type MotifArt } from './kit.ts';

const SIZE = 1200;
const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${body}</svg>`;

/** Places the 1000-unit object box at (x, y) with the given scale. */
const place = (object: string, x: number, y: number, scale: number) =>
  `<g transform="translate(${f(x)} ${f(y)}) scale(${f(scale * 1000) / 1000})">${object}</g>`;

function studio(colours: Colours, id: string, tint = colours.background): string {
  return `<defs><radialGradient id="${id}bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="${colours.light}"/><stop offset="1" stop-color="${tint}"/></radialGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#${id}bg)"/>`;
}

const shadow = (cx: number, cy: number, rx: number) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(rx * 0.12)}" fill="#000" opacity="0.12"/>`;

function room(colours: Colours, art: MotifArt, object: string, id: string): string {
  const wall = `<defs><linearGradient id="${id}wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours.light}"/><stop offset="1" stop-color="${colours.background}"/></linearGradient>
<linearGradient id="${id}floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b88b62"/><stop offset="1" stop-color="#8a6244"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#${id}wall)"/>
<rect y="930" width="${SIZE}" height="270" fill="url(#${id}floor)"/>
<rect y="918" width="${SIZE}" height="14" fill="#f4efe8"/>
${[0, 1, 2, 3, 4, 5].map((index) => `<line x1="${index * 240 - 60}" y1="1200" x2="${index * 200 + 20}" y2="932" stroke="#7a553a" stroke-width="3" opacity="0.35"/>`).join('')}`;
  const plant = `<g transform="translate(1010 700)"><path d="M40 220 L120 220 L105 110 L55 110 Z" fill="${colours.dark}"/><path d="M80 110 C40 40 10 20 -10 -40 C40 -10 70 30 80 110 Z M80 110 C90 20 120 -20 160 -60 C150 10 120 60 80 110 Z M80 110 C60 60 70 0 90 -80 C110 0 100 60 80 110 Z" fill="#4f7a4a"/></g>`;
  if (art.placement === 'wall') {
    const sofa = `<g><rect x="170" y="760" width="860" height="170" rx="40" fill="${colours.base}"/><rect x="130" y="700" width="120" height="230" rx="50" fill="${colours.dark}"/><rect x="950" y="700" width="120" height="230" rx="50" fill="${colours.dark}"/><rect x="250" y="640" width="700" height="160" rx="40" fill="${colours.base}" opacity="0.85"/><rect x="300" y="660" width="180" height="120" rx="30" fill="${colours.accent}"/><rect x="720" y="660" width="180" height="120" rx="30" fill="${colours.light}"/></g>`;
    return wall + place(object, 340, 90, 0.52) + sofa;
  }
  if (art.placement === 'table') {
    const table = `<g><rect x="300" y="760" width="600" height="34" rx="8" fill="#6b4a32"/><rect x="330" y="794" width="26" height="136" fill="#5a3d29"/><rect x="844" y="794" width="26" height="136" fill="#5a3d29"/><rect x="330" y="860" width="540" height="14" fill="#5a3d29"/></g>`;
    const frame = `<rect x="120" y="200" width="220" height="280" fill="#fff" stroke="${colours.dark}" stroke-width="12"/><circle cx="230" cy="330" r="60" fill="${colours.accent}" opacity="0.7"/>`;
    return wall + frame + table + shadow(600, 760, 190) + place(object, 370, 337, 0.46) + plant;
  }
  return wall + shadow(520, 930, 260) + place(object, 170, 286, 0.7) + plant;
}

function packaging(colours: Colours, object: string, id: string): string {
  const box = `<g><path d="M700 520 L1060 520 L1060 960 L700 960 Z" fill="#c9a27a"/><path d="M700 520 L780 450 L1130 450 L1060 520 Z" fill="#dcb893"/><path d="M1060 520 L1130 450 L1130 890 L1060 960 Z" fill="#a9825c"/><rect x="760" y="600" width="240" height="110" rx="12" fill="${colours.light}"/><rect x="790" y="630" width="180" height="16" rx="8" fill="${colours.dark}"/><rect x="790" y="662" width="120" height="12" rx="6" fill="${colours.base}"/><path d="M860 450 L900 450 L900 960 L860 960 Z" fill="#b58f68" opacity="0.6"/></g>`;
  const ruler = `<g><rect x="120" y="1010" width="560" height="40" rx="6" fill="#f2e6c9" stroke="#b79b62" stroke-width="3"/>${Array.from({ length: 15 }, (_, index) => `<line x1="${140 + index * 37}" y1="1010" x2="${140 + index * 37}" y2="${index % 5 === 0 ? 1040 : 1028}" stroke="#7a6a48" stroke-width="3"/>`).join('')}</g>`;
  return (
    studio(colours, id) + shadow(880, 960, 230) + box + shadow(390, 960, 220) + place(object, 90, 385, 0.62) + ruler
  );
}

/** A darker, warmer take on the palette for the 'alternate colourway' view. */
const alternate = (colours: Colours): Colours => ({ ...colours, base: colours.accent, accent: colours.base });

export function composeProductArt(spec: ArtSpec, art: MotifArt, variant: number, seed: number): string {
  const view = ((variant % 5) + 5) % 5;
  const colours = view === 3 ? alternate(PALETTE_COLOURS[spec.palette]) : PALETTE_COLOURS[spec.palette];
  // The same seed in every view, so all five pictures show the same product.
  const object = art.draw({ colours, random: seededRandom(seed), id: `v${view}` });
  const id = `s${view}`;
  switch (view) {
    case 0:
      return svg(studio(colours, id) + shadow(600, 1045, 330) + place(object, 100, 120, 1));
    case 1:
      return svg(room(colours, art, object, id));
    case 2:
      return svg(studio(colours, id) + place(object, -560, -520, 2.1));
    case 3:
      return svg(studio(colours, id, colours.light) + shadow(600, 1040, 300) + place(object, 150, 205, 0.9));
    default:
      return svg(packaging(colours, object, id));
  }
}
