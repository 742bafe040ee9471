/** Demo artwork for the accents category: vases, planters, candles, mirrors, clocks, bowls and cushions. */
import type { Motif } from '../types.ts';
import { f, pick, type MotifArt, type DrawContext } from './kit.ts';

/** Blends two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const channel = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((1 << 24) | (channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).slice(1)}`;
}

const between = (random: () => number, low: number, high: number) => low + random() * (high - low);
const vary = (random: () => number, amount: number) => 1 + (random() * 2 - 1) * amount;
const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"${extra}/>`;
const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;

type Point = [number, number];
const pt = ([x, y]: Point) => `${f(x)} ${f(y)}`;

/** Smooth cubic segments through the points (Catmull-Rom), to append after an M or L at points[0]. */
function smooth(points: Point[]): string {
  let d = '';
  for (let index = 0; index < points.length - 1; index++) {
    const p0 = points[index - 1] ?? points[index]!;
    const p1 = points[index]!;
    const p2 = points[index + 1]!;
    const p3 = points[index + 2] ?? p2;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return d;
}

/** A horizontal body-shading gradient: lit from the left, falling into shadow on the right. */
function shade(id: string, x1: number, x2: number, strength = 1): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="0" x2="${f(x2)}" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="${f(0.3 * strength * 100) / 100}"/><stop offset="0.28" stop-color="#fff" stop-opacity="${f(0.1 * strength * 100) / 100}"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${f(0.38 * strength * 100) / 100}"/></linearGradient>`;
}

/** A solid-colour gradient, light-left to dark-right, for flat shapes that need modelling. */
function tone(id: string, colour: string, x1: number, x2: number): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="0" x2="${f(x2)}" y2="0"><stop offset="0" stop-color="${mix(colour, '#ffffff', 0.3)}"/><stop offset="0.35" stop-color="${colour}"/><stop offset="1" stop-color="${mix(colour, '#000000', 0.35)}"/></linearGradient>`;
}

const GREENS = ['#2f5a36', '#3f7345', '#55905a', '#6fa866'];

/* ------------------------------------------------------------------ vase */

const VASE_SHAPES: Record<string, Point[]> = {
  // [half-width, height fraction from the lip]
  bulb: [
    [0.15, 0],
    [0.12, 0.1],
    [0.15, 0.24],
    [0.34, 0.46],
    [0.36, 0.62],
    [0.28, 0.88],
    [0.2, 1],
  ],
  ginger: [
    [0.19, 0],
    [0.18, 0.05],
    [0.34, 0.2],
    [0.39, 0.4],
    [0.33, 0.72],
    [0.24, 0.94],
    [0.22, 1],
  ],
  bottle: [
    [0.09, 0],
    [0.08, 0.28],
    [0.13, 0.42],
    [0.3, 0.58],
    [0.33, 0.76],
    [0.27, 0.95],
    [0.22, 1],
  ],
  tapered: [
    [0.21, 0],
    [0.19, 0.05],
    [0.24, 0.3],
    [0.28, 0.68],
    [0.25, 0.94],
    [0.22, 1],
  ],
};

function vase(ctx: DrawContext): string {
  const { colours: c, random, id: prefix } = ctx;
  const id = `${prefix}vase`;
  const shapeName = pick(random, Object.keys(VASE_SHAPES));
  const S = 520 * vary(random, 0.08);
  const H = between(random, 470, 570);
  const top = 920 - H;
  const profile = VASE_SHAPES[shapeName]!.map(([w, y]): Point => [500 + w * S, top + y * H]);
  const left = profile.map(([x, y]): Point => [1000 - x, y]).reverse();
  const maxR = Math.max(...profile.map(([x]) => x - 500));
  const lipR = profile[0]![0] - 500;
  const body = `M${pt(profile[0]!)}${smooth(profile)} L${pt(left[0]!)}${smooth(left)} Z`;
  const colour = pick(random, [c.base, c.base, c.dark, mix(c.light, '#ffffff', 0.2)]);
  const paint =
    colour === c.base
      ? [c.accent, c.dark, c.light]
      : colour === c.dark
        ? [c.accent, c.light, c.base]
        : [c.base, c.dark, c.accent];
  let out = `<defs>${shade(`${id}-shade`, 500 - maxR, 500 + maxR)}<clipPath id="${id}-body"><path d="${body}"/></clipPath></defs>`;

  // Dried stems rising out of the neck, drawn first so the vase hides their ends.
  const stems = pick(random, ['pampas', 'eucalyptus', 'none'] as const);
  if (stems !== 'none') {
    const count = Math.floor(between(random, 3, 6));
    for (let index = 0; index < count; index++) {
      const spread = (index / (count - 1) - 0.5) * 2;
      const tip: Point = [
        500 + spread * between(random, 110, 200),
        top - between(random, 170, Math.min(320, top - 60)),
      ];
      const mid: Point = [500 + spread * 30, top - (top - tip[1]) * 0.5];
      out += `<path d="M500 ${f(top + 40)} Q${pt(mid)} ${pt(tip)}" fill="none" stroke="#8a6a48" stroke-width="5" stroke-linecap="round"/>`;
      if (stems === 'pampas') {
        const angle = (Math.atan2(tip[1] - mid[1], tip[0] - mid[0]) * 180) / Math.PI;
        const len = between(random, 110, 160);
        out += `<g transform="translate(${pt(tip)}) rotate(${f(angle)})"><path d="M${f(-len * 0.75)} 0 C${f(-len * 0.5)} -30 ${f(len * 0.1)} -26 ${f(len * 0.25)} 0 C${f(len * 0.1)} 26 ${f(-len * 0.5)} 30 ${f(-len * 0.75)} 0Z" fill="#ead8b8"/><path d="M${f(-len * 0.7)} 0 C${f(-len * 0.45)} -14 ${f(0)} -12 ${f(len * 0.2)} 0" fill="none" stroke="#c9ae86" stroke-width="4" opacity="0.8"/></g>`;
      } else {
        for (let leaf = 0; leaf < 6; leaf++) {
          const t = 0.35 + leaf * 0.13;
          const x = (1 - t) * (1 - t) * 500 + 2 * (1 - t) * t * mid[0] + t * t * tip[0];
          const y = (1 - t) * (1 - t) * (top + 40) + 2 * (1 - t) * t * mid[1] + t * t * tip[1];
          const side = leaf % 2 ? 1 : -1;
          out += circle(x + side * 18, y, 16 - leaf, leaf % 2 ? '#7fa08a' : '#6b8f78');
        }
      }
    }
  }

  // Body, painted pattern, then shading over both.
  out += `<path d="${body}" fill="${colour}"/><g clip-path="url(#${id}-body)">`;
  const wrapX = (theta: number) => 500 + maxR * Math.sin(theta);
  const pattern = pick(random, ['bands', 'dots', 'leaves', 'scallops'] as const);
  const bandY = top + H * between(random, 0.3, 0.42);
  if (pattern === 'bands') {
    const bands = Math.floor(between(random, 2, 4));
    for (let index = 0; index < bands; index++) {
      const y = top + H * (0.3 + index * 0.18 + random() * 0.05);
      out += `<rect x="${f(500 - maxR)}" y="${f(y)}" width="${f(maxR * 2)}" height="${f(between(random, 14, 30))}" fill="${paint[index % 2]}"/>`;
      out += `<rect x="${f(500 - maxR)}" y="${f(y + 40)}" width="${f(maxR * 2)}" height="4" fill="${paint[1]}" opacity="0.7"/>`;
    }
  } else if (pattern === 'dots') {
    for (let row = 0; row < 6; row++) {
      const y = top + H * (0.34 + row * 0.1);
      for (let k = -6; k <= 6; k++) {
        const theta = (k + (row % 2) * 0.5) * 0.24;
        if (Math.abs(theta) > 1.5) continue;
        out += ellipse(wrapX(theta), y, 11 * Math.cos(theta), 11, paint[row % 2 ? 1 : 0]!);
      }
    }
  } else if (pattern === 'leaves') {
    out += `<rect x="${f(500 - maxR)}" y="${f(bandY - 60)}" width="${f(maxR * 2)}" height="6" fill="${paint[1]}"/>`;
    for (let k = -3; k <= 3; k++) {
      const theta = k * 0.42 + (random() - 0.5) * 0.1;
      const x = wrapX(theta);
      const squash = Math.cos(theta);
      const y0 = bandY + H * 0.32;
      out += `<path d="M${f(x)} ${f(y0)} Q${f(x + 12 * squash)} ${f(y0 - 70)} ${f(x)} ${f(y0 - 150)}" fill="none" stroke="${paint[0]}" stroke-width="5"/>`;
      for (let leaf = 0; leaf < 3; leaf++) {
        const ly = y0 - 40 - leaf * 40;
        out += `<path d="M${f(x)} ${f(ly)} q${f(-26 * squash)} -6 ${f(-42 * squash)} -30 q${f(24 * squash)} 0 ${f(42 * squash)} 30Z M${f(x)} ${f(ly - 8)} q${f(26 * squash)} -6 ${f(42 * squash)} -30 q${f(-24 * squash)} 0 ${f(-42 * squash)} 30Z" fill="${paint[leaf === 1 ? 2 : 0]}"/>`;
      }
    }
    out += `<rect x="${f(500 - maxR)}" y="${f(bandY + H * 0.36)}" width="${f(maxR * 2)}" height="6" fill="${paint[1]}"/>`;
  } else {
    // Fish-scale scallops wrapping round the belly.
    for (let row = 0; row < 5; row++) {
      const y = bandY + row * 34;
      let d = '';
      for (let k = -7; k <= 7; k++) {
        const a = (k + (row % 2) * 0.5) * 0.21;
        const b = a + 0.21;
        if (Math.abs(a) > 1.45 || Math.abs(b) > 1.45) continue;
        d += `M${f(wrapX(a))} ${f(y)} Q${f((wrapX(a) + wrapX(b)) / 2)} ${f(y + 38)} ${f(wrapX(b))} ${f(y)} `;
      }
      out += `<path d="${d}" fill="none" stroke="${paint[row % 2]}" stroke-width="6" stroke-linecap="round"/>`;
    }
  }
  out += `<rect x="${f(500 - maxR)}" y="${f(880)}" width="${f(maxR * 2)}" height="40" fill="#000" opacity="0.12"/>`;
  out += `<rect x="${f(500 - maxR)}" y="${f(top)}" width="${f(maxR * 2)}" height="${f(H)}" fill="url(#${id}-shade)"/>`;
  out += ellipse(500 - maxR * 0.5, top + H * 0.55, maxR * 0.07, H * 0.22, '#fff', ' opacity="0.28"');
  out += '</g>';
  // The opening, seen slightly from above.
  const lipRy = lipR * 0.24;
  out += ellipse(500, top, lipR, lipRy, mix(colour, '#ffffff', 0.25));
  out += ellipse(500, top + 2, lipR * 0.8, lipRy * 0.7, mix(colour, '#000000', 0.55));
  return out;
}

/* ------------------------------------------------------------------ planter */

function plant(random: () => number, cx: number, soilY: number): string {
  const kind = pick(random, ['snake', 'rubber', 'palm'] as const);
  let out = '';
  if (kind === 'snake') {
    const leaves = Math.floor(between(random, 7, 10));
    for (let index = 0; index < leaves; index++) {
      const spread = (index / (leaves - 1) - 0.5) * 2;
      const back = index % 2 === 0;
      const bx = cx + spread * 110 + (random() - 0.5) * 20;
      const height = between(random, 380, 560) * (back ? 1 : 0.85) * (1 - Math.abs(spread) * 0.25);
      const width = between(random, 44, 62);
      const tipX = bx + spread * between(random, 60, 140);
      const tipY = soilY - height;
      const leaf = (inset: number) =>
        `M${f(bx - width / 2 + inset)} ${f(soilY + 10)} C${f(bx - width * 0.8 + inset)} ${f(soilY - height * 0.5)} ${f(tipX - width * 0.45 + inset)} ${f(tipY + height * 0.25)} ${f(tipX)} ${f(tipY + inset * 2)} C${f(tipX + width * 0.45 - inset)} ${f(tipY + height * 0.3)} ${f(bx + width * 0.8 - inset)} ${f(soilY - height * 0.45)} ${f(bx + width / 2 - inset)} ${f(soilY + 10)} Z`;
      out += `<path d="${leaf(0)}" fill="#c6c36a"/><path d="${leaf(7)}" fill="${back ? GREENS[0] : GREENS[1]}"/>`;
      // Banding across the blade.
      let bands = '';
      for (let band = 1; band < 6; band++) {
        // Follow the blade's centre line (the mean of its two edge curves).
        const t = band / 7;
        const u = 1 - t;
        const x = u * u * u * bx + 3 * u * u * t * bx + 3 * u * t * t * tipX + t * t * t * tipX;
        const y =
          u * u * u * (soilY + 10) +
          3 * u * u * t * (soilY - height * 0.47) +
          3 * u * t * t * (tipY + height * 0.27) +
          t * t * t * tipY;
        const half = width * 0.24 * (1 - t * 0.7);
        bands += `M${f(x - half)} ${f(y + 4)} q${f(half)} -10 ${f(half * 2)} 0 `;
      }
      out += `<path d="${bands}" fill="none" stroke="${GREENS[3]}" stroke-width="5" opacity="0.45" stroke-linecap="round"/>`;
    }
  } else if (kind === 'rubber') {
    const stems = Math.floor(between(random, 2, 4));
    for (let stem = 0; stem < stems; stem++) {
      const spread = stems === 1 ? 0 : (stem / (stems - 1) - 0.5) * 2;
      const tip: Point = [cx + spread * between(random, 80, 150), soilY - between(random, 440, 600)];
      out += `<path d="M${f(cx + spread * 20)} ${f(soilY + 10)} Q${f(cx + spread * 40)} ${f(soilY - 250)} ${pt(tip)}" fill="none" stroke="#6b5a3a" stroke-width="9" stroke-linecap="round"/>`;
      const count = Math.floor(between(random, 5, 8));
      for (let index = 0; index < count; index++) {
        const t = 0.2 + (index / count) * 0.85;
        const x = (1 - t) * (1 - t) * (cx + spread * 20) + 2 * (1 - t) * t * (cx + spread * 40) + t * t * tip[0];
        const y = (1 - t) * (1 - t) * (soilY + 10) + 2 * (1 - t) * t * (soilY - 250) + t * t * tip[1];
        const side = index % 2 ? 1 : -1;
        const size = between(random, 120, 160) * (1.1 - t * 0.4);
        const angle = side > 0 ? between(random, -50, -15) : between(random, -165, -130);
        out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0 C${f(size * 0.2)} ${f(-size * 0.36)} ${f(size * 0.8)} ${f(-size * 0.32)} ${f(size)} 0 C${f(size * 0.8)} ${f(size * 0.32)} ${f(size * 0.2)} ${f(size * 0.36)} 0 0Z" fill="${GREENS[(index + stem) % 3]}"/><path d="M${f(size * 0.05)} 0 L${f(size * 0.9)} 0" stroke="${GREENS[3]}" stroke-width="4" opacity="0.7"/><path d="M${f(size * 0.2)} ${f(-size * 0.2)} C${f(size * 0.45)} ${f(-size * 0.28)} ${f(size * 0.7)} ${f(-size * 0.2)} ${f(size * 0.85)} ${f(-size * 0.08)}" fill="none" stroke="#fff" stroke-width="4" opacity="0.25"/></g>`;
      }
    }
  } else {
    // Areca palm: arching fronds with leaflets drawn as round-capped strokes.
    const fronds = Math.floor(between(random, 6, 9));
    for (let frond = 0; frond < fronds; frond++) {
      const spread = (frond / (fronds - 1) - 0.5) * 2;
      const reach = between(random, 260, 380);
      const rise = between(random, 360, 560) * (1 - Math.abs(spread) * 0.4);
      const p0: Point = [cx + spread * 20, soilY + 5];
      const p1: Point = [cx + spread * reach * 0.4, soilY - rise * 1.2];
      const p2: Point = [cx + spread * reach, soilY - rise * (0.55 + random() * 0.15)];
      const colour = GREENS[frond % 2 ? 1 : 2]!;
      let leaflets = '';
      for (let index = 2; index < 16; index++) {
        const t = index / 16;
        const x = (1 - t) * (1 - t) * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0];
        const y = (1 - t) * (1 - t) * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1];
        const len = 90 * Math.sin(t * Math.PI) + 20;
        const droop = 30 + t * 40;
        leaflets += `M${f(x)} ${f(y)} l${f(-len * 0.55)} ${f(droop * 0.6)} M${f(x)} ${f(y)} l${f(len * 0.55)} ${f(droop * 0.6)} `;
      }
      out += `<path d="${leaflets}" stroke="${colour}" stroke-width="11" stroke-linecap="round"/>`;
      out += `<path d="M${pt(p0)} Q${pt(p1)} ${pt(p2)}" fill="none" stroke="${GREENS[0]}" stroke-width="6" stroke-linecap="round"/>`;
    }
  }
  return `<g>${out}</g>`;
}

function planter(ctx: DrawContext): string {
  const { colours: c, random, id: prefix } = ctx;
  const id = `${prefix}planter`;
  const stand = random() < 0.4;
  const bottom = stand ? 800 : 920;
  const potH = between(random, 280, 340) * (stand ? 0.9 : 1);
  const topR = between(random, 175, 205);
  const bottomR = topR * between(random, 0.68, 0.8);
  const rimH = between(random, 34, 48);
  const potTop = bottom - potH;
  const colour = pick(random, [c.base, c.dark, mix(c.light, '#ffffff', 0.3), c.accent]);
  const paint =
    colour === c.base || colour === c.accent
      ? [c.dark, c.light]
      : colour === c.dark
        ? [c.accent, c.light]
        : [c.base, c.dark];
  const body = `M${f(500 - topR)} ${f(potTop)} L${f(500 + topR)} ${f(potTop)} L${f(500 + bottomR)} ${f(bottom - 14)} Q${f(500 + bottomR)} ${f(bottom)} ${f(500 + bottomR - 14)} ${f(bottom)} L${f(500 - bottomR + 14)} ${f(bottom)} Q${f(500 - bottomR)} ${f(bottom)} ${f(500 - bottomR)} ${f(bottom - 14)} Z`;
  let out = `<defs>${shade(`${id}-shade`, 500 - topR - 12, 500 + topR + 12)}${tone(`${id}-wood`, '#9a6a40', 300, 700)}<clipPath id="${id}-pot"><path d="${body}"/></clipPath></defs>`;
  if (stand) {
    // Mid-century wooden stand: a ring and splayed legs.
    out += `<path d="M${f(500 - bottomR * 0.7)} ${f(bottom - 30)} L${f(500 - bottomR * 1.15)} 920 L${f(500 - bottomR * 1.15 + 18)} 920 L${f(500 - bottomR * 0.7 + 24)} ${f(bottom - 30)} Z M${f(500 + bottomR * 0.7)} ${f(bottom - 30)} L${f(500 + bottomR * 1.15)} 920 L${f(500 + bottomR * 1.15 - 18)} 920 L${f(500 + bottomR * 0.7 - 24)} ${f(bottom - 30)} Z" fill="url(#${id}-wood)"/>`;
    out += `<path d="M${f(500 - 10)} ${f(bottom - 20)} L${f(500 - 8)} 912 L${f(500 + 8)} 912 L${f(500 + 10)} ${f(bottom - 20)} Z" fill="#6e4a2c"/>`;
  }
  // The plant sits behind the rim's front edge.
  out += ellipse(500, potTop, topR - 6, 26, '#4a3526');
  out += plant(random, 500, potTop);
  out += `<path d="${body}" fill="${colour}"/><g clip-path="url(#${id}-pot)">`;
  const pattern = pick(random, ['terrazzo', 'ribbed', 'band', 'plain'] as const);
  if (pattern === 'terrazzo') {
    for (let index = 0; index < 40; index++) {
      const x = 500 + (random() * 2 - 1) * topR;
      const y = potTop + random() * potH;
      const r = between(random, 4, 13);
      out += `<path d="M${f(x - r)} ${f(y)} l${f(r)} ${f(-r * 0.7)} l${f(r)} ${f(r * 0.9)} l${f(-r * 0.8)} ${f(r * 0.6)}Z" fill="${paint[index % 2]}" opacity="0.85"/>`;
    }
  } else if (pattern === 'ribbed') {
    let d = '';
    for (let k = -9; k <= 9; k++) {
      const s = Math.sin((k / 10) * 1.5);
      d += `M${f(500 + topR * s)} ${f(potTop)} L${f(500 + bottomR * s)} ${f(bottom)} `;
    }
    out += `<path d="${d}" stroke="#000" stroke-opacity="0.22" stroke-width="5"/>`;
  } else if (pattern === 'band') {
    const y = potTop + potH * between(random, 0.35, 0.5);
    const tri = 34;
    let d = '';
    for (let x = 500 - topR; x < 500 + topR; x += tri)
      d += `M${f(x)} ${f(y + 50)} L${f(x + tri / 2)} ${f(y + 8)} L${f(x + tri)} ${f(y + 50)} Z `;
    out += `<rect x="${f(500 - topR)}" y="${f(y)}" width="${f(topR * 2)}" height="58" fill="${paint[1]}" opacity="0.9"/><path d="${d}" fill="${paint[0]}"/>`;
    out += `<rect x="${f(500 - topR)}" y="${f(y - 14)}" width="${f(topR * 2)}" height="6" fill="${paint[0]}"/><rect x="${f(500 - topR)}" y="${f(y + 66)}" width="${f(topR * 2)}" height="6" fill="${paint[0]}"/>`;
  }
  out += `<rect x="${f(500 - topR)}" y="${f(potTop)}" width="${f(topR * 2)}" height="${f(potH)}" fill="url(#${id}-shade)"/>`;
  out += ellipse(500 - topR * 0.55, potTop + potH * 0.5, topR * 0.06, potH * 0.3, '#fff', ' opacity="0.25"');
  out += '</g>';
  // A rolled rim.
  out += `<rect x="${f(500 - topR - 10)}" y="${f(potTop - 4)}" width="${f(topR * 2 + 20)}" height="${f(rimH)}" rx="10" fill="${colour}"/>`;
  out += `<rect x="${f(500 - topR - 10)}" y="${f(potTop - 4)}" width="${f(topR * 2 + 20)}" height="${f(rimH)}" rx="10" fill="url(#${id}-shade)"/>`;
  out += `<rect x="${f(500 - topR - 10)}" y="${f(potTop + rimH - 10)}" width="${f(topR * 2 + 20)}" height="6" fill="#000" opacity="0.12"/>`;
  return out;
}

/* ------------------------------------------------------------------ candle */

function candle(ctx: DrawContext): string {
  const { colours: c, random, id: prefix } = ctx;
  const id = `${prefix}candle`;
  const jw = between(random, 170, 200);
  const jh = between(random, 400, 470);
  const jTop = 920 - jh;
  const waxTop = jTop + jh * between(random, 0.18, 0.32);
  const glass = pick(random, ['#ffffff', '#c98a3a', '#5d5d66', c.base]);
  const wax = pick(random, [c.light, mix(c.base, c.light, 0.45), mix(c.accent, c.light, 0.4)]);
  const flameBase = waxTop - 26;
  const flameH = between(random, 110, 140);
  const lean = (random() - 0.5) * 14;
  let out = `<defs><radialGradient id="${id}-glow"><stop offset="0" stop-color="#ffd27a" stop-opacity="0.75"/><stop offset="0.35" stop-color="#ffcf78" stop-opacity="0.3"/><stop offset="1" stop-color="#ffcf78" stop-opacity="0"/></radialGradient>
<radialGradient id="${id}-flame" cx="50%" cy="72%" r="60%"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.35" stop-color="#ffe07a"/><stop offset="0.75" stop-color="#ffa52e"/><stop offset="1" stop-color="#f0701a"/></radialGradient>
${tone(`${id}-wax`, wax, 500 - jw, 500 + jw)}
<linearGradient id="${id}-glass" gradientUnits="userSpaceOnUse" x1="${f(500 - jw)}" y1="0" x2="${f(500 + jw)}" y2="0"><stop offset="0" stop-color="${glass}" stop-opacity="0.45"/><stop offset="0.12" stop-color="${glass}" stop-opacity="0.15"/><stop offset="0.85" stop-color="${glass}" stop-opacity="0.2"/><stop offset="1" stop-color="${glass}" stop-opacity="0.55"/></linearGradient></defs>`;
  // Warm glow behind everything.
  out += circle(500, flameBase - flameH * 0.4, 300, `url(#${id}-glow)`);
  // Back of the jar, then the wax inside it.
  out += `<rect x="${f(500 - jw)}" y="${f(jTop)}" width="${f(jw * 2)}" height="${f(jh)}" rx="30" fill="${glass}" opacity="0.16"/>`;
  out += ellipse(500, jTop, jw, 18, glass, ` opacity="0.2" stroke="#fff" stroke-opacity="0.6" stroke-width="3"`);
  out += `<rect x="${f(500 - jw + 12)}" y="${f(waxTop)}" width="${f(jw * 2 - 24)}" height="${f(920 - waxTop - 12)}" rx="20" fill="url(#${id}-wax)"/>`;
  out += ellipse(500, waxTop, jw - 12, 17, mix(wax, '#ffffff', 0.35));
  out += ellipse(500, waxTop + 2, jw * 0.45, 9, mix(wax, '#ffb347', 0.3), ' opacity="0.7"');
  // Wick and flame.
  out += `<path d="M500 ${f(waxTop)} q3 -14 ${f(lean * 0.3)} ${f(flameBase - waxTop + 6)}" fill="none" stroke="#2a211b" stroke-width="5" stroke-linecap="round"/>`;
  const tipX = 500 + lean;
  const tipY = flameBase - flameH;
  out += `<path d="M500 ${f(flameBase + 8)} C${f(530)} ${f(flameBase + 4)} ${f(536)} ${f(flameBase - flameH * 0.45)} ${f(tipX)} ${f(tipY)} C${f(464)} ${f(flameBase - flameH * 0.45)} ${f(470)} ${f(flameBase + 4)} 500 ${f(flameBase + 8)}Z" fill="url(#${id}-flame)"/>`;
  out += `<path d="M500 ${f(flameBase + 2)} C516 ${f(flameBase)} 518 ${f(flameBase - flameH * 0.3)} ${f(500 + lean * 0.5)} ${f(flameBase - flameH * 0.6)} C482 ${f(flameBase - flameH * 0.3)} 484 ${f(flameBase)} 500 ${f(flameBase + 2)}Z" fill="#fffdf2" opacity="0.85"/>`;
  out += ellipse(500, flameBase + 2, 9, 6, '#5c8cff', ' opacity="0.55"');
  // Front glass with highlights and a rim.
  out += `<rect x="${f(500 - jw)}" y="${f(jTop)}" width="${f(jw * 2)}" height="${f(jh)}" rx="30" fill="url(#${id}-glass)" stroke="#fff" stroke-opacity="0.55" stroke-width="4"/>`;
  out += `<rect x="${f(500 - jw + 20)}" y="${f(jTop + 30)}" width="16" height="${f(jh - 70)}" rx="8" fill="#fff" opacity="0.45"/>`;
  out += `<rect x="${f(500 + jw - 30)}" y="${f(jTop + 40)}" width="7" height="${f(jh - 100)}" rx="3.5" fill="#fff" opacity="0.3"/>`;
  out += `<path d="M${f(500 - jw)} ${f(jTop)} A${f(jw)} 18 0 0 0 ${f(500 + jw)} ${f(jTop)}" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="4"/>`;
  // A paper label with a little emblem (no lettering).
  const labelW = jw * between(random, 1.0, 1.25);
  const labelH = jh * between(random, 0.26, 0.34);
  const labelY = 920 - jh * 0.52;
  out += `<rect x="${f(500 - labelW / 2)}" y="${f(labelY)}" width="${f(labelW)}" height="${f(labelH)}" rx="6" fill="${mix(c.light, '#ffffff', 0.5)}"/>`;
  out += `<rect x="${f(500 - labelW / 2 + 8)}" y="${f(labelY + 8)}" width="${f(labelW - 16)}" height="${f(labelH - 16)}" rx="4" fill="none" stroke="${c.dark}" stroke-width="2" opacity="0.6"/>`;
  const emblemY = labelY + labelH * 0.38;
  out +=
    random() < 0.5
      ? circle(500, emblemY, labelH * 0.16, c.accent) + circle(500, emblemY, labelH * 0.08, c.base)
      : `<path d="M500 ${f(emblemY + labelH * 0.18)} q-26 -20 0 -${f(labelH * 0.36)} q26 20 0 ${f(labelH * 0.36)}Z" fill="${c.base}"/>`;
  out += `<rect x="${f(500 - labelW * 0.3)}" y="${f(labelY + labelH * 0.68)}" width="${f(labelW * 0.6)}" height="8" rx="4" fill="${c.dark}"/>`;
  out += `<rect x="${f(500 - labelW * 0.2)}" y="${f(labelY + labelH * 0.8)}" width="${f(labelW * 0.4)}" height="5" rx="2.5" fill="${c.base}" opacity="0.8"/>`;
  out += ellipse(500, 916, jw * 0.9, 6, '#000', ' opacity="0.1"');
  // Sometimes the wooden lid rests beside the jar.
  if (random() < 0.5) {
    const side = random() < 0.5 ? -1 : 1;
    const lx = 500 + side * (jw + 95);
    out += `<path d="M${f(lx - 92)} 896 L${f(lx - 92)} 914 A92 16 0 0 0 ${f(lx + 92)} 914 L${f(lx + 92)} 896 Z" fill="#8a5d38"/>`;
    out += ellipse(lx, 896, 92, 16, '#b98552') + ellipse(lx, 896, 60, 9, '#a77444', ' opacity="0.6"');
  }
  return out;
}

/* ------------------------------------------------------------------ mirror */

function mirror(ctx: DrawContext): string {
  const { colours: c, random, id: prefix } = ctx;
  const id = `${prefix}mirror`;
  const arch = random() < 0.4;
  const frame = arch
    ? pick(random, ['rattan', 'brass'] as const)
    : pick(random, ['rattan', 'brass', 'sunburst'] as const);
  const R = (frame === 'sunburst' ? 255 : 300) * vary(random, 0.05);
  const archW = 520 * vary(random, 0.05);
  const archH = 800 * vary(random, 0.04);
  const cy = arch ? 500 : frame === 'sunburst' ? 500 : 540;
  /** The mirror's outline grown by `grow` units (negative shrinks it). */
  const outline = (grow: number, dx = 0, dy = 0) => {
    if (!arch) {
      const r = R + grow;
      return `M${f(500 - r + dx)} ${f(cy + dy)} A${f(r)} ${f(r)} 0 1 1 ${f(500 + r + dx)} ${f(cy + dy)} A${f(r)} ${f(r)} 0 1 1 ${f(500 - r + dx)} ${f(cy + dy)}Z`;
    }
    const half = archW / 2 + grow;
    const topY = 500 - archH / 2 - grow + dy;
    const bottomY = 500 + archH / 2 + grow + dy;
    return `M${f(500 - half + dx)} ${f(bottomY)} V${f(topY + half)} A${f(half)} ${f(half)} 0 0 1 ${f(500 + half + dx)} ${f(topY + half)} V${f(bottomY)} Z`;
  };
  const band = frame === 'brass' ? 20 : 46;
  const left = arch ? 500 - archW / 2 : 500 - R;
  const right = arch ? 500 + archW / 2 : 500 + R;
  const top = arch ? 500 - archH / 2 : cy - R;
  const bottom = arch ? 500 + archH / 2 : cy + R;
  const glassTop = mix(c.light, '#ffffff', 0.6);
  const glassMid = mix(c.light, '#a9c1cc', 0.5);
  const glassLow = mix(c.background, '#8aa2ad', 0.55);
  let out = `<defs><linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${glassTop}"/><stop offset="0.55" stop-color="${glassMid}"/><stop offset="1" stop-color="${glassLow}"/></linearGradient>
<linearGradient id="${id}-floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0.62" stop-color="#b88b62" stop-opacity="0"/><stop offset="0.68" stop-color="#b88b62" stop-opacity="0.22"/><stop offset="1" stop-color="#8a6244" stop-opacity="0.3"/></linearGradient>
<radialGradient id="${id}-edge" cx="50%" cy="50%" r="60%"><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></radialGradient>
<linearGradient id="${id}-brass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6e2a6"/><stop offset="0.45" stop-color="#c9a04e"/><stop offset="0.7" stop-color="#e8c878"/><stop offset="1" stop-color="#8a6523"/></linearGradient>
<linearGradient id="${id}-cane" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e6c48e"/><stop offset="0.5" stop-color="#c99a5e"/><stop offset="1" stop-color="#9a6e3c"/></linearGradient>
<clipPath id="${id}-clip"><path d="${outline(0)}"/></clipPath></defs>`;
  // Hanging strap for round mirrors with a plain frame.
  if (!arch && frame !== 'sunburst' && random() < 0.6) {
    const pegY = top - 95;
    out += `<path d="M${f(470)} ${f(top + 30)} L490 ${f(pegY)} L510 ${f(pegY)} L${f(530)} ${f(top + 30)} Z" fill="#7a4a2a"/><path d="M475 ${f(top + 20)} L492 ${f(pegY + 6)} M525 ${f(top + 20)} L508 ${f(pegY + 6)}" stroke="#5a3218" stroke-width="2" stroke-dasharray="6 5"/>`;
    out += circle(500, pegY, 14, '#c9a04e') + circle(496, pegY - 4, 5, '#fff', ' opacity="0.5"');
  }
  // Drop shadow on the wall.
  out += `<path d="${outline(band + 4, 18, 28)}" fill="#000" opacity="0.07"/><path d="${outline(band, 8, 14)}" fill="#000" opacity="0.12"/>`;
  if (frame === 'sunburst') {
    const spokes = Math.floor(between(random, 40, 56));
    let d = '';
    let tips = '';
    for (let index = 0; index < spokes; index++) {
      const a = (index / spokes) * Math.PI * 2;
      const len = index % 2 ? 1.42 : 1.56;
      d += `M${f(500 + Math.cos(a) * (R + 30))} ${f(cy + Math.sin(a) * (R + 30))} L${f(500 + Math.cos(a) * R * len)} ${f(cy + Math.sin(a) * R * len)} `;
      if (index % 2 === 0) tips += circle(500 + Math.cos(a) * R * len, cy + Math.sin(a) * R * len, 9, '#b9864c');
    }
    out += `<path d="${d}" stroke="#9a6e3c" stroke-width="14" stroke-linecap="round"/><path d="${d}" stroke="url(#${id}-cane)" stroke-width="9" stroke-linecap="round"/>${tips}`;
  }
  out += `<path d="${outline(band)}" fill="url(#${id}-${frame === 'brass' ? 'brass' : 'cane'})"/>`;
  if (frame !== 'brass') {
    // Woven cane: short slanted strokes all round the band.
    const steps = arch ? 70 : 84;
    let d = '';
    for (let index = 0; index < steps; index++) {
      let x: number;
      let y: number;
      let nx: number;
      let ny: number;
      if (!arch) {
        const a = (index / steps) * Math.PI * 2;
        nx = Math.cos(a);
        ny = Math.sin(a);
        x = 500 + nx * (R + band / 2);
        y = cy + ny * (R + band / 2);
      } else {
        // Walk the arch: left side up, round the top, right side down.
        const half = archW / 2 + band / 2;
        const straight = archH - archW / 2;
        const total = 2 * straight + Math.PI * half;
        const s = (index / steps) * total;
        const topCentre = 500 - archH / 2 + archW / 2;
        if (s < straight) {
          [x, y, nx, ny] = [500 - half, 500 + archH / 2 - s, -1, 0];
        } else if (s < straight + Math.PI * half) {
          const a = Math.PI + (s - straight) / half;
          [nx, ny] = [Math.cos(a), Math.sin(a)];
          [x, y] = [500 + nx * half, topCentre + ny * half];
        } else {
          [x, y, nx, ny] = [500 + half, topCentre + (s - straight - Math.PI * half), 1, 0];
        }
      }
      const tx = -ny;
      const ty = nx;
      const reach = band * 0.42;
      d += `M${f(x - nx * reach - tx * 6)} ${f(y - ny * reach - ty * 6)} L${f(x + nx * reach + tx * 6)} ${f(y + ny * reach + ty * 6)} `;
    }
    out += `<path d="${d}" stroke="#8a5e30" stroke-width="4" stroke-linecap="round" opacity="0.55"/>`;
  }
  out += `<path d="${outline(band)}" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="2"/>`;
  out += `<path d="${outline(3)}" fill="#000" opacity="0.25"/>`;
  // The glass: a soft gradient, a hint of the room (a floor line, a window), light streaks and a darker edge.
  out += `<path d="${outline(0)}" fill="url(#${id}-glass)"/><g clip-path="url(#${id}-clip)">`;
  const w = right - left;
  const h = bottom - top;
  out += `<rect x="${f(left)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" fill="url(#${id}-floor)"/>`;
  // Soft reflections of the room: a sofa back and a cushion in the palette colours, then a window.
  out += `<rect x="${f(left + w * between(random, 0.35, 0.5))}" y="${f(top + h * 0.6)}" width="${f(w * 0.8)}" height="${f(h * 0.16)}" rx="${f(h * 0.05)}" fill="${c.base}" opacity="0.22"/>`;
  out += ellipse(
    left + w * between(random, 0.6, 0.75),
    top + h * 0.62,
    w * 0.08,
    h * 0.05,
    c.accent,
    ' opacity="0.25"',
  );
  const winX = left + w * between(random, 0.12, 0.3);
  out += `<rect x="${f(winX)}" y="${f(top + h * 0.12)}" width="${f(w * 0.22)}" height="${f(h * 0.4)}" fill="#fff" opacity="0.28"/><path d="M${f(winX + w * 0.11)} ${f(top + h * 0.12)} v${f(h * 0.4)} M${f(winX)} ${f(top + h * 0.32)} h${f(w * 0.22)}" stroke="${glassMid}" stroke-width="6" opacity="0.6"/>`;
  const streak = (x: number, width: number, opacity: number) =>
    `<path d="M${f(x)} ${f(top - 20)} L${f(x + width)} ${f(top - 20)} L${f(x + width - h * 0.7)} ${f(bottom + 20)} L${f(x - h * 0.7)} ${f(bottom + 20)} Z" fill="#fff" opacity="${opacity}"/>`;
  const sx = left + w * between(random, 0.55, 0.75);
  out += streak(sx, w * 0.14, 0.32) + streak(sx + w * 0.2, w * 0.05, 0.25);
  out += `<rect x="${f(left)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" fill="url(#${id}-edge)"/></g>`;
  return out;
}

/* ------------------------------------------------------------------ clock */

function clockFace(
  id: string,
  c: DrawContext['colours'],
  random: () => number,
  cx: number,
  cy: number,
  R: number,
): string {
  let ticks = '';
  let marks = '';
  for (let index = 0; index < 60; index++) {
    const a = (index / 60) * Math.PI * 2;
    const [s, co] = [Math.sin(a), -Math.cos(a)];
    if (index % 5 === 0) {
      const inner = index % 15 === 0 ? 0.7 : 0.76;
      marks += `M${f(cx + s * R * inner)} ${f(cy + co * R * inner)} L${f(cx + s * R * 0.88)} ${f(cy + co * R * 0.88)} `;
    } else {
      ticks += `M${f(cx + s * R * 0.85)} ${f(cy + co * R * 0.85)} L${f(cx + s * R * 0.9)} ${f(cy + co * R * 0.9)} `;
    }
  }
  const hours = random() * 12;
  const minutes = random() * 60;
  const seconds = random() * 60;
  const hand = (angle: number, length: number, width: number, tail: number, fill: string) =>
    `<path d="M${f(-width / 2)} ${f(tail)} L${f(-width * 0.32)} ${f(-length)} L0 ${f(-length - width)} L${f(width * 0.32)} ${f(-length)} L${f(width / 2)} ${f(tail)} Z" fill="${fill}" transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})"/>`;
  const face = mix(c.light, '#ffffff', 0.55);
  return `<defs><radialGradient id="${id}-face" cx="45%" cy="40%" r="65%"><stop offset="0.6" stop-color="${face}"/><stop offset="1" stop-color="${mix(face, c.dark, 0.14)}"/></radialGradient></defs>
${circle(cx, cy, R, `url(#${id}-face)`)}
<path d="${ticks}" stroke="${c.dark}" stroke-width="${f(R * 0.014)}" opacity="0.7"/>
<path d="${marks}" stroke="${c.dark}" stroke-width="${f(R * 0.045)}" stroke-linecap="round"/>
${circle(cx, cy - R * 0.42, R * 0.05, c.accent)}
${hand(((hours % 12) / 12) * 360 + (minutes / 60) * 30, R * 0.45, R * 0.08, R * 0.12, c.dark)}
${hand((minutes / 60) * 360, R * 0.68, R * 0.055, R * 0.14, c.dark)}
<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f((seconds / 60) * 360)})"><path d="M0 ${f(R * 0.2)} V${f(-R * 0.8)}" stroke="${c.base}" stroke-width="${f(R * 0.016)}" stroke-linecap="round"/>${circle(0, R * 0.16, R * 0.035, c.base)}</g>
${circle(cx, cy, R * 0.06, c.dark)}${circle(cx, cy, R * 0.025, c.accent)}
<path d="M${f(cx - R * 0.78)} ${f(cy - R * 0.12)} A${f(R * 0.8)} ${f(R * 0.8)} 0 0 1 ${f(cx + R * 0.2)} ${f(cy - R * 0.76)} A${f(R * 0.95)} ${f(R * 0.95)} 0 0 0 ${f(cx - R * 0.78)} ${f(cy - R * 0.12)}Z" fill="#fff" opacity="0.45"/>`;
}

function clock(ctx: DrawContext): string {
  const { colours: c, random, id: prefix } = ctx;
  const id = `${prefix}clock`;
  const style = pick(random, ['alarm', 'mantel'] as const);
  const colour = pick(random, [c.base, c.dark, c.accent]);
  let out = `<defs>${tone(`${id}-body`, colour, 250, 750)}${tone(`${id}-metal`, '#c8c8cc', 250, 750)}${tone(`${id}-brass`, '#c9a04e', 300, 700)}</defs>`;
  if (style === 'alarm') {
    const R = between(random, 215, 245);
    const cy = 920 - R - between(random, 55, 75);
    // Splayed legs.
    for (const side of [-1, 1]) {
      const ax = 500 + side * R * 0.6;
      const ay = cy + R * 0.72;
      out += `<path d="M${f(ax - 14)} ${f(ay)} L${f(ax + side * 48 - 10)} 916 Q${f(ax + side * 48)} 926 ${f(ax + side * 48 + 10)} 916 L${f(ax + 14)} ${f(ay)} Z" fill="url(#${id}-metal)"/>`;
    }
    // Twin bells with a hammer between them and a carrying handle.
    out += `<path d="M${f(500 - R * 0.55)} ${f(cy - R * 0.9)} Q500 ${f(cy - R * 1.55)} ${f(500 + R * 0.55)} ${f(cy - R * 0.9)}" fill="none" stroke="url(#${id}-metal)" stroke-width="16" stroke-linecap="round"/>`;
    out += `<rect x="492" y="${f(cy - R * 1.22)}" width="16" height="${f(R * 0.3)}" rx="6" fill="#8d8d93"/>`;
    for (const side of [-1, 1]) {
      const angle = side * 38;
      out += `<g transform="translate(500 ${f(cy)}) rotate(${angle}) translate(0 ${f(-R * 1.02)})"><path d="M${f(-R * 0.36)} 0 A${f(R * 0.36)} ${f(R * 0.36)} 0 0 1 ${f(R * 0.36)} 0 Z" fill="url(#${id}-body)"/><rect x="${f(-R * 0.4)}" y="-4" width="${f(R * 0.8)}" height="14" rx="7" fill="url(#${id}-metal)"/>${circle(0, -R * 0.38, 10, '#8d8d93')}</g>`;
    }
    out += circle(500, cy, R, `url(#${id}-body)`);
    out += circle(500, cy, R * 0.9, `url(#${id}-metal)`);
    out += clockFace(id, c, random, 500, cy, R * 0.82);
    // Wind-up key on the side.
    out += `<rect x="${f(500 + R * 0.98)}" y="${f(cy - 12)}" width="26" height="24" rx="6" fill="#8d8d93"/>`;
  } else {
    // Arched wooden mantel clock on a plinth.
    const W = between(random, 420, 480);
    const H = between(random, 500, 560);
    const top = 900 - H;
    const half = W / 2;
    const body = `M${f(500 - half)} 900 V${f(top + half * 0.8)} Q${f(500 - half)} ${f(top)} 500 ${f(top)} Q${f(500 + half)} ${f(top)} ${f(500 + half)} ${f(top + half * 0.8)} V900 Z`;
    out += `<rect x="${f(500 - half - 26)}" y="886" width="${f(W + 52)}" height="26" rx="8" fill="url(#${id}-body)"/>`;
    out += `<rect x="${f(500 - half - 10)}" y="908" width="40" height="14" rx="4" fill="${mix(colour, '#000000', 0.4)}"/><rect x="${f(500 + half - 30)}" y="908" width="40" height="14" rx="4" fill="${mix(colour, '#000000', 0.4)}"/>`;
    out += `<path d="${body}" fill="url(#${id}-body)"/>`;
    out += `<path d="${body}" fill="none" stroke="${mix(colour, '#000000', 0.35)}" stroke-width="4"/>`;
    const R = half * 0.74;
    const cy = top + half * 0.95;
    out += circle(500, cy, R * 1.12, `url(#${id}-brass)`);
    out += circle(500, cy, R * 1.02, mix(colour, '#000000', 0.3));
    out += clockFace(id, c, random, 500, cy, R);
    // A small decorative panel below the face.
    const py = cy + R * 1.3;
    out += `<rect x="${f(500 - half * 0.55)}" y="${f(py)}" width="${f(half * 1.1)}" height="${f(900 - py - 30)}" rx="14" fill="none" stroke="${mix(colour, '#ffffff', 0.35)}" stroke-width="5" opacity="0.7"/>`;
    out += circle(500, py + (900 - py - 30) / 2, 12, `url(#${id}-brass)`);
  }
  return out;
}

/* ------------------------------------------------------------------ bowl */

function bowl(ctx: DrawContext): string {
  const { colours: c, random, id: prefix } = ctx;
  const id = `${prefix}bowl`;
  const rx = 300 * vary(random, 0.07);
  const ry = rx * between(random, 0.2, 0.26);
  const depth = between(random, 180, 240);
  const footH = between(random, 22, 34);
  const footR = rx * between(random, 0.34, 0.42);
  const rimY = 920 - footH - depth;
  const baseY = rimY + depth;
  const colour = pick(random, [c.base, c.dark, mix(c.light, '#ffffff', 0.2), c.accent]);
  const inner = colour === c.base ? c.light : colour === c.accent ? c.light : c.accent;
  const paint =
    colour === c.dark
      ? [c.accent, c.light]
      : colour === c.base || colour === c.accent
        ? [c.dark, c.light]
        : [c.base, c.dark];
  const body = `M${f(500 - rx)} ${f(rimY)} A${f(rx)} ${f(ry)} 0 0 0 ${f(500 + rx)} ${f(rimY)} C${f(500 + rx)} ${f(rimY + depth * 0.75)} ${f(500 + footR * 1.5)} ${f(baseY)} ${f(500 + footR)} ${f(baseY)} L${f(500 - footR)} ${f(baseY)} C${f(500 - footR * 1.5)} ${f(baseY)} ${f(500 - rx)} ${f(rimY + depth * 0.75)} ${f(500 - rx)} ${f(rimY)}Z`;
  let out = `<defs>${shade(`${id}-shade`, 500 - rx, 500 + rx)}${tone(`${id}-foot`, colour, 500 - footR, 500 + footR)}
<linearGradient id="${id}-inside" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(inner, '#000000', 0.3)}"/><stop offset="0.6" stop-color="${inner}"/><stop offset="1" stop-color="${mix(inner, '#ffffff', 0.3)}"/></linearGradient>
<radialGradient id="${id}-orb" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="0.4" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>
<clipPath id="${id}-clip"><path d="${body}"/></clipPath></defs>`;
  // Foot, then the inside of the bowl.
  out += `<path d="M${f(500 - footR * 0.92)} ${f(baseY - 6)} L${f(500 - footR)} 916 Q${f(500 - footR)} 920 ${f(500 - footR + 6)} 920 L${f(500 + footR - 6)} 920 Q${f(500 + footR)} 920 ${f(500 + footR)} 916 L${f(500 + footR * 0.92)} ${f(baseY - 6)} Z" fill="url(#${id}-foot)"/>`;
  out += ellipse(500, rimY, rx, ry, `url(#${id}-inside)`);
  // Contents: decorative orbs, or a heap of potpourri, or nothing.
  const contents = pick(random, ['orbs', 'orbs', 'potpourri', 'empty'] as const);
  if (contents === 'orbs') {
    const orbColours = [c.accent, c.light, c.dark, c.base].filter((colourOption) => colourOption !== inner);
    const count = Math.floor(between(random, 3, 5));
    for (let index = 0; index < count; index++) {
      const r = between(random, 52, 72);
      const x = 500 + (index - (count - 1) / 2) * rx * 0.42 + (random() - 0.5) * 20;
      const y = rimY + ry * 0.2 - r * 0.5 + (index % 2) * 14;
      out += circle(x, y, r, orbColours[index % orbColours.length]!) + circle(x, y, r, `url(#${id}-orb)`);
    }
  } else if (contents === 'potpourri') {
    for (let index = 0; index < 34; index++) {
      const x = 500 + (random() * 2 - 1) * rx * 0.8;
      const y = rimY - 10 + random() * ry * 0.9 - 20 * (1 - Math.abs(x - 500) / rx);
      const r = between(random, 12, 22);
      const colourOption = pick(random, [c.accent, c.dark, '#b5763c', '#8a9a5b', c.base]);
      out +=
        index % 3 === 0
          ? circle(x, y, r * 0.7, colourOption)
          : `<path d="M${f(x - r)} ${f(y)} q${f(r)} ${f(-r)} ${f(r * 2)} 0 q${f(-r)} ${f(r * 0.8)} ${f(-r * 2)} 0Z" fill="${colourOption}" transform="rotate(${Math.floor(random() * 180)} ${f(x)} ${f(y)})"/>`;
    }
  }
  // The outside with a painted band, shading and a glazed rim.
  out += `<path d="${body}" fill="${colour}"/><g clip-path="url(#${id}-clip)">`;
  const bandY = rimY + ry + depth * between(random, 0.08, 0.2);
  const pattern = pick(random, ['dots', 'zigzag', 'petals', 'lines'] as const);
  const wrapX = (theta: number) => 500 + rx * Math.sin(theta);
  if (pattern === 'dots') {
    for (let k = -10; k <= 10; k++) {
      const theta = k * 0.15;
      out += ellipse(
        wrapX(theta),
        bandY + 20 + Math.cos(theta) * ry * 0.5,
        10 * Math.cos(theta),
        10,
        paint[k % 2 ? 1 : 0]!,
      );
    }
  } else if (pattern === 'zigzag') {
    let d = '';
    for (let k = -12; k <= 12; k++) {
      const theta = k * 0.13;
      d += `${k === -12 ? 'M' : 'L'}${f(wrapX(theta))} ${f(bandY + Math.cos(theta) * ry * 0.5 + (k % 2 ? 34 : 0))} `;
    }
    out += `<path d="${d}" fill="none" stroke="${paint[0]}" stroke-width="9" stroke-linejoin="round"/>`;
  } else if (pattern === 'petals') {
    for (let k = -7; k <= 7; k++) {
      const theta = k * 0.2;
      const x = wrapX(theta);
      const y = bandY + Math.cos(theta) * ry * 0.5;
      const sq = Math.cos(theta);
      out += `<path d="M${f(x)} ${f(y + 46)} q${f(-24 * sq)} -24 0 -48 q${f(24 * sq)} 24 0 48Z" fill="${paint[k % 2 ? 1 : 0]}"/>`;
    }
  } else {
    for (let index = 0; index < 3; index++) {
      out += `<path d="M${f(500 - rx)} ${f(bandY + index * 18)} A${f(rx)} ${f(ry)} 0 0 0 ${f(500 + rx)} ${f(bandY + index * 18)}" fill="none" stroke="${paint[index === 1 ? 1 : 0]}" stroke-width="${index === 1 ? 10 : 5}"/>`;
    }
  }
  out += `<rect x="${f(500 - rx)}" y="${f(rimY - ry)}" width="${f(rx * 2)}" height="${f(depth + ry * 2)}" fill="url(#${id}-shade)"/>`;
  out += `<path d="M${f(500 - rx * 0.78)} ${f(rimY + ry * 0.9)} Q${f(500 - rx * 0.72)} ${f(rimY + depth * 0.55)} ${f(500 - rx * 0.45)} ${f(rimY + depth * 0.8)}" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity="0.25"/>`;
  out += '</g>';
  out += ellipse(500, rimY, rx, ry, 'none', ` stroke="${mix(colour, '#ffffff', 0.35)}" stroke-width="7"`);
  return out;
}

/* ------------------------------------------------------------------ cushion */

function cushion(ctx: DrawContext): string {
  const { colours: c, random, id: prefix } = ctx;
  const id = `${prefix}cushion`;
  const W = 600 * vary(random, 0.06);
  const H = 540 * vary(random, 0.06);
  const bottom = 912;
  const top = bottom - H;
  const L = 500 - W / 2;
  const R = 500 + W / 2;
  const midY = (top + bottom) / 2;
  const sag = between(random, 48, 64);
  const outline = `M${f(L)} ${f(top)} Q500 ${f(top + sag)} ${f(R)} ${f(top)} Q${f(R - sag)} ${f(midY)} ${f(R)} ${f(bottom)} Q500 ${f(bottom - sag * 0.4)} ${f(L)} ${f(bottom)} Q${f(L + sag)} ${f(midY)} ${f(L)} ${f(top)}Z`;
  /** Bends a flat pattern point the way the stuffed cover pulls in towards its edges. */
  const warp = (x: number, y: number): Point => {
    const u = Math.max(-1, Math.min(1, (x - 500) / (W / 2)));
    const v = Math.max(-1, Math.min(1, (y - midY) / (H / 2)));
    const dy = (sag / 2) * (1 - u * u) * (v < 0 ? -v : -0.4 * v);
    const dx = (sag / 2) * (1 - v * v) * -u;
    return [x + dx, y + dy];
  };
  /** A straight pattern line, bent by the warp (a quadratic through its warped midpoint). */
  const bent = (x1: number, y1: number, x2: number, y2: number, move = 'M') => {
    const p1 = warp(x1, y1);
    const p2 = warp(x2, y2);
    const m = warp((x1 + x2) / 2, (y1 + y2) / 2);
    return `${move}${pt(p1)} Q${f(2 * m[0] - (p1[0] + p2[0]) / 2)} ${f(2 * m[1] - (p1[1] + p2[1]) / 2)} ${pt(p2)}`;
  };
  const band = (vertical: boolean, a: number, b: number) =>
    vertical
      ? `${bent(a, top - 20, a, bottom + 20)} ${bent(b, bottom + 20, b, top - 20, 'L')}Z`
      : `${bent(L - 20, a, R + 20, a)} ${bent(R + 20, b, L - 20, b, 'L')}Z`;
  const pattern = pick(random, ['stripes', 'ikat', 'block', 'mudcloth'] as const);
  const ground =
    pattern === 'stripes'
      ? c.light
      : pattern === 'mudcloth'
        ? c.dark
        : pick(random, [c.light, mix(c.light, '#ffffff', 0.3)]);
  let out = `<defs><radialGradient id="${id}-puff" cx="42%" cy="40%" r="62%"><stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="0.82" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></radialGradient>
<clipPath id="${id}-clip"><path d="${outline}"/></clipPath></defs>`;
  out += `<path d="${outline}" fill="${ground}"/><g clip-path="url(#${id}-clip)">`;
  if (pattern === 'stripes') {
    // A woven dhurrie stripe: wide bands with thin pin-stripes.
    const vertical = random() < 0.5;
    const unit = between(random, 95, 125);
    const start = vertical ? L : top;
    const span = vertical ? W : H;
    const stripes: Array<[number, number, string]> = [
      [0, 0.38, c.base],
      [0.48, 0.08, c.accent],
      [0.62, 0.05, c.dark],
      [0.74, 0.08, c.accent],
    ];
    for (const [offset, size, colour] of stripes) {
      let d = '';
      for (let index = -1; index < span / unit + 1; index++) {
        const p = start + (index + offset) * unit;
        d += band(vertical, p, p + size * unit) + ' ';
      }
      out += `<path d="${d}" fill="${colour}"/>`;
    }
  } else if (pattern === 'ikat') {
    // Rows of diamonds with feathered edges.
    const cols = 4;
    const rows = 3;
    let outer = '';
    let inner = '';
    let marks = '';
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols + (row % 2); col++) {
        const [x, y] = warp(L + (col + (row % 2 ? 0 : 0.5)) * (W / cols), top + (row + 0.5) * (H / rows));
        const rw = W / cols / 2 - 8;
        const rh = H / rows / 2 - 6;
        outer += `M${f(x)} ${f(y - rh)} L${f(x + rw)} ${f(y)} L${f(x)} ${f(y + rh)} L${f(x - rw)} ${f(y)}Z `;
        inner += `M${f(x)} ${f(y - rh * 0.55)} L${f(x + rw * 0.55)} ${f(y)} L${f(x)} ${f(y + rh * 0.55)} L${f(x - rw * 0.55)} ${f(y)}Z `;
        marks += `M${f(x - rw - 8)} ${f(y)} h16 M${f(x + rw - 8)} ${f(y)} h16 M${f(x)} ${f(y - rh - 6)} v12 `;
      }
    }
    out += `<path d="${outer}" fill="${c.base}"/><path d="${inner}" fill="${c.dark}"/><path d="${marks}" stroke="${c.accent}" stroke-width="7"/>`;
  } else if (pattern === 'block') {
    // Hand block-printed flowers in a half-drop repeat.
    const step = W / 4;
    const petals = Math.floor(between(random, 5, 8));
    const flowers = ['', ''];
    let centres = '';
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 5; col++) {
        const [x, y] = warp(L + (col + (row % 2 ? 0.5 : 0)) * step, top + (row + 0.3) * step * 0.95);
        for (let petal = 0; petal < petals; petal++) {
          const a = (petal / petals) * Math.PI * 2;
          flowers[row % 2] +=
            `M${f(x)} ${f(y)} q${f(Math.cos(a - 0.5) * 30)} ${f(Math.sin(a - 0.5) * 30)} ${f(Math.cos(a) * 36)} ${f(Math.sin(a) * 36)} q${f(Math.cos(a + 0.5) * -8)} ${f(Math.sin(a + 0.5) * -8)} ${f(-Math.cos(a) * 36)} ${f(-Math.sin(a) * 36)}Z `;
        }
        centres += circle(x, y, 8, c.dark);
      }
    }
    out += `<path d="${flowers[0]}" fill="${c.accent}"/><path d="${flowers[1]}" fill="${c.base}"/>${centres}`;
  } else {
    // Mudcloth: pale marks on a dark ground.
    const ink = mix(c.light, '#ffffff', 0.4);
    let d = '';
    for (let row = 0; row < 5; row++) {
      const y = top + (row + 0.5) * (H / 5);
      if (row % 2 === 0) {
        for (let x = L + 24; x < R - 20; x += 46) {
          const [wx, wy] = warp(x, y);
          d += `M${f(wx)} ${f(wy - 16)} l14 16 l-14 16 `;
        }
      } else {
        for (let x = L + 30; x < R - 10; x += 40) {
          const [wx, wy] = warp(x, y);
          d += `M${f(wx)} ${f(wy - 10)} v20 `;
        }
      }
      d += `${bent(L - 10, y + H / 10, R + 10, y + H / 10)} `;
    }
    out += `<path d="${d}" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`;
  }
  // Puffiness: a soft highlight, darker rolled edges, and creases pulled in from the corners.
  out += `<rect x="${f(L)}" y="${f(top)}" width="${f(W)}" height="${f(H)}" fill="url(#${id}-puff)"/>`;
  out += `<path d="${outline}" fill="none" stroke="#000" stroke-width="60" opacity="0.1"/><path d="${outline}" fill="none" stroke="#000" stroke-width="24" opacity="0.12"/>`;
  let creases = '';
  for (const [x, y, sx, sy] of [
    [L, top, 1, 1],
    [R, top, -1, 1],
    [R, bottom, -1, -1],
    [L, bottom, 1, -1],
  ] as const) {
    creases += `M${f(x + sx * 18)} ${f(y + sy * 22)} q${f(sx * 40)} ${f(sy * 20)} ${f(sx * 100)} ${f(sy * 34)} M${f(x + sx * 24)} ${f(y + sy * 16)} q${f(sx * 24)} ${f(sy * 36)} ${f(sx * 34)} ${f(sy * 96)} `;
  }
  out += `<path d="${creases}" fill="none" stroke="#000" stroke-width="5" opacity="0.16" stroke-linecap="round"/>`;
  out += `<path d="${creases}" transform="translate(4 4)" fill="none" stroke="#fff" stroke-width="4" opacity="0.16" stroke-linecap="round"/>`;
  out += '</g>';
  // Piped edge, and sometimes tassels at the corners.
  const piping = pattern === 'mudcloth' ? c.accent : c.dark;
  out += `<path d="${outline}" fill="none" stroke="${piping}" stroke-width="10" stroke-linejoin="round"/>`;
  if (random() < 0.5) {
    const tasselColour = pattern === 'mudcloth' ? c.accent : pick(random, [c.accent, c.base]);
    for (const [x, y, angle] of [
      [L, top, 135],
      [R, top, -135],
      [R, bottom, -90],
      [L, bottom, 90],
    ] as const) {
      out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${angle})"><path d="M-5 8 L-15 56 Q0 64 15 56 L5 8Z" fill="${tasselColour}"/><path d="M-7 24 L-9 56 M0 24 V60 M7 24 L9 56" stroke="#000" stroke-width="2" opacity="0.2"/>${ellipse(0, 12, 9, 6, mix(tasselColour, '#000000', 0.3))}</g>`;
    }
  }
  return out;
}

export const ACCENTS: Record<Motif<'accents'>, MotifArt> = {
  vase: { draw: vase, placement: 'table' },
  planter: { draw: planter, placement: 'floor' },
  candle: { draw: candle, placement: 'table' },
  mirror: { draw: mirror, placement: 'wall' },
  clock: { draw: clock, placement: 'table' },
  bowl: { draw: bowl, placement: 'table' },
  cushion: { draw: cushion, placement: 'table' },
};
