/** Procedural drawings for the lighting category: lamps, lanterns and lights, each with a warm glow. */
import type { Motif } from '../types.ts';
import { f, pick, type MotifArt, type DrawContext } from './kit.ts';

/** Blends two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const channel = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((1 << 24) | (channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).slice(1)}`;
}

const BRASS = { base: '#c4943a', light: '#f0d08a', dark: '#7d5a1c' };

/** A soft warm-light radial gradient: bright cream at the centre fading to transparent amber. */
const glowGradient = (id: string, strength = 1) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="#fff8dc" stop-opacity="${f(0.95 * strength * 100) / 100}"/><stop offset="0.3" stop-color="#ffe08a" stop-opacity="${f(0.55 * strength * 100) / 100}"/><stop offset="0.65" stop-color="#ffc65a" stop-opacity="${f(0.18 * strength * 100) / 100}"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/></radialGradient>`;

/** A horizontal gradient that makes a flat shape read as a rounded (cylindrical) surface. */
const roundGradient = (id: string, colour: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${mix(colour, '#000000', 0.35)}"/><stop offset="0.3" stop-color="${colour}"/><stop offset="0.48" stop-color="${mix(colour, '#ffffff', 0.35)}"/><stop offset="0.72" stop-color="${colour}"/><stop offset="1" stop-color="${mix(colour, '#000000', 0.42)}"/></linearGradient>`;

const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;

/** A hanging pendant: ceiling canopy, cord, a dome / bell / cone shade and a pool of light beneath it. */
function pendant(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}pendant`;
  const s = 0.9 + r() * 0.2;
  const style = pick(r, ['dome', 'bell', 'cone'] as const);
  const finish = pick(r, ['plain', 'band', 'dots', 'ribs'] as const);
  const colour = pick(r, [c.base, c.dark, c.base]);
  const cx = 500;
  const by = 610;
  const W = 215 * s;
  const H = (style === 'cone' ? 240 : 205) * s;
  const top = by - H;
  const d =
    style === 'dome'
      ? `M${f(cx - W)} ${by} C${f(cx - W * 0.96)} ${f(by - H * 0.72)} ${f(cx - W * 0.5)} ${f(top)} ${cx} ${f(top)} C${f(cx + W * 0.5)} ${f(top)} ${f(cx + W * 0.96)} ${f(by - H * 0.72)} ${f(cx + W)} ${by} Z`
      : style === 'bell'
        ? `M${f(cx - W)} ${by} C${f(cx - W * 0.68)} ${f(by - H * 0.12)} ${f(cx - W * 0.44)} ${f(by - H * 0.4)} ${f(cx - W * 0.42)} ${f(by - H * 0.82)} Q${f(cx - W * 0.4)} ${f(top)} ${cx} ${f(top)} Q${f(cx + W * 0.4)} ${f(top)} ${f(cx + W * 0.42)} ${f(by - H * 0.82)} C${f(cx + W * 0.44)} ${f(by - H * 0.4)} ${f(cx + W * 0.68)} ${f(by - H * 0.12)} ${f(cx + W)} ${by} Z`
        : `M${f(cx - W)} ${by} L${f(cx - W * 0.22)} ${f(top)} L${f(cx + W * 0.22)} ${f(top)} L${f(cx + W)} ${by} Z`;
  let decoration = '';
  if (finish === 'band') {
    decoration = `<rect x="${f(cx - W)}" y="${f(by - H * 0.3)}" width="${f(W * 2)}" height="${f(22 * s)}" fill="${c.accent}"/><rect x="${f(cx - W)}" y="${f(by - H * 0.3 + 30 * s)}" width="${f(W * 2)}" height="${f(6 * s)}" fill="${c.accent}"/>`;
  } else if (finish === 'dots') {
    for (let row = 0; row < 5; row++) {
      const y = by - 36 - row * 34;
      for (let x = cx - W + ((row % 2) * 17 + 10); x < cx + W; x += 34) {
        decoration += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(6 - row * 0.6)}" fill="#fff1b0"/>`;
      }
    }
  } else if (finish === 'ribs') {
    for (let i = -5; i <= 5; i++) {
      decoration += `<path d="M${f(cx + i * W * 0.045)} ${f(top)} Q${f(cx + i * W * 0.17)} ${f(by - H * 0.55)} ${f(cx + (i * W) / 5.2)} ${by}" stroke="${mix(colour, '#000000', 0.3)}" stroke-width="4" fill="none" opacity="0.5"/>`;
    }
  }
  const defs = `<defs>${glowGradient(`${id}-glow`)}${roundGradient(`${id}-shade`, colour)}${roundGradient(`${id}-metal`, BRASS.base)}
<linearGradient id="${id}-bounce" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#ffd66b" stop-opacity="0"/><stop offset="1" stop-color="#ffd66b" stop-opacity="0.35"/></linearGradient>
<linearGradient id="${id}-cone" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe39a" stop-opacity="0.45"/><stop offset="1" stop-color="#ffe39a" stop-opacity="0"/></linearGradient>
<radialGradient id="${id}-inner" cy="0.2"><stop offset="0" stop-color="#fffdf2"/><stop offset="0.6" stop-color="#ffe9a6"/><stop offset="1" stop-color="#f5c462"/></radialGradient>
<clipPath id="${id}-clip"><path d="${d}"/></clipPath></defs>`;
  return `${defs}
${ellipse(cx, by + 40, W * 2.1, W * 1.4, `url(#${id}-glow)`)}
<path d="M${f(cx - W * 0.92)} ${by} L${f(cx - W * 2.1)} 1000 L${f(cx + W * 2.1)} 1000 L${f(cx + W * 0.92)} ${by} Z" fill="url(#${id}-cone)"/>
<rect x="${cx - 55}" y="0" width="110" height="18" rx="8" fill="url(#${id}-metal)"/>
<rect x="${cx - 3}" y="16" width="6" height="${f(top - 40)}" fill="#2e2a28"/>
<rect x="${f(cx - 24 * s)}" y="${f(top - 36)}" width="${f(48 * s)}" height="44" rx="8" fill="url(#${id}-metal)"/>
<path d="${d}" fill="url(#${id}-shade)"/>
<g clip-path="url(#${id}-clip)">${decoration}<rect x="${f(cx - W)}" y="${f(top)}" width="${f(W * 2)}" height="${f(H)}" fill="url(#${id}-bounce)"/>
<path d="M${f(cx - W * 0.55)} ${f(by - H * 0.2)} Q${f(cx - W * 0.5)} ${f(top + H * 0.3)} ${f(cx - W * 0.12)} ${f(top + H * 0.1)}" stroke="#ffffff" stroke-width="${f(14 * s)}" stroke-linecap="round" fill="none" opacity="0.25"/></g>
${ellipse(cx, by, W, W * 0.15, `url(#${id}-inner)`)}
${ellipse(cx, by + 6, 36 * s, 28 * s, '#fffdf0')}
<path d="M${f(cx - W)} ${by} A${f(W)} ${f(W * 0.15)} 0 0 0 ${f(cx + W)} ${by}" stroke="${c.accent}" stroke-width="9" fill="none"/>`;
}

/** A table lamp: a brass diya-style stand or a glazed ceramic gourd, under a fabric drum shade. */
function tableLamp(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}table-lamp`;
  const s = 0.9 + r() * 0.2;
  const baseStyle = pick(r, ['diya', 'gourd', 'gourd', 'diya'] as const);
  const fabric = pick(r, [c.light, c.base, mix(c.light, c.accent, 0.35)]);
  const trim = fabric === c.base ? c.light : c.base;
  const cx = 500;
  const shadeBottom = 470;
  const shadeTop = shadeBottom - 230 * s;
  const tw = 135 * s;
  const bw = 185 * s;
  const shade = `M${f(cx - tw)} ${f(shadeTop)} L${f(cx + tw)} ${f(shadeTop)} L${f(cx + bw)} ${shadeBottom} L${f(cx - bw)} ${shadeBottom} Z`;
  let base: string;
  let baseDefs: string;
  if (baseStyle === 'gourd') {
    const glaze = pick(r, [c.base, c.dark, c.accent]);
    const band = glaze === c.accent ? c.dark : c.accent;
    const rx = 150 * (0.92 + r() * 0.16);
    baseDefs = `<radialGradient id="${id}-glaze" cx="0.36" cy="0.32" r="0.75"><stop offset="0" stop-color="${mix(glaze, '#ffffff', 0.45)}"/><stop offset="0.5" stop-color="${glaze}"/><stop offset="1" stop-color="${mix(glaze, '#000000', 0.4)}"/></radialGradient>`;
    const dots = Array.from({ length: 7 }, (_, i) => {
      const a = -0.75 + i * 0.25;
      return `<circle cx="${f(cx + Math.sin(a) * rx * 0.95)}" cy="730" r="9" fill="${band}"/>`;
    }).join('');
    base = `${ellipse(cx, 912, rx * 0.55, 12, mix(glaze, '#000000', 0.45))}
<path d="M${f(cx - 42)} 500 L${f(cx + 42)} 500 L${f(cx + 52)} 580 C${f(cx + rx * 1.1)} 600 ${f(cx + rx * 1.05)} 900 ${f(cx + rx * 0.55)} 912 L${f(cx - rx * 0.55)} 912 C${f(cx - rx * 1.05)} 900 ${f(cx - rx * 1.1)} 600 ${f(cx - 52)} 580 Z" fill="url(#${id}-glaze)"/>
<path d="M${f(cx - rx * 0.98)} 700 Q${cx} 740 ${f(cx + rx * 0.98)} 700" stroke="${band}" stroke-width="10" fill="none"/>
<path d="M${f(cx - rx * 0.96)} 762 Q${cx} 802 ${f(cx + rx * 0.96)} 762" stroke="${band}" stroke-width="6" fill="none"/>${dots}
${ellipse(cx - rx * 0.45, 680, rx * 0.14, 48, '#ffffff', ' opacity="0.35" transform="rotate(18 ' + f(cx - rx * 0.45) + ' 680)"')}
${ellipse(cx, 500, 42, 9, mix(glaze, '#000000', 0.3))}`;
  } else {
    baseDefs = `${roundGradient(`${id}-brass`, BRASS.base)}`;
    const fill = `url(#${id}-brass)`;
    base = `<path d="M${cx - 150} 912 Q${cx - 150} 880 ${cx - 110} 872 L${cx + 110} 872 Q${cx + 150} 880 ${cx + 150} 912 Z" fill="${fill}"/>
${ellipse(cx, 872, 110, 14, BRASS.light)}
<path d="M${cx - 30} 872 L${cx - 18} 820 Q${cx - 48} 800 ${cx - 20} 780 L${cx - 14} 700 Q${cx - 40} 684 ${cx - 14} 668 L${cx - 12} 630 L${cx + 12} 630 L${cx + 14} 668 Q${cx + 40} 684 ${cx + 14} 700 L${cx + 20} 780 Q${cx + 48} 800 ${cx + 18} 820 L${cx + 30} 872 Z" fill="${fill}"/>
<path d="M${cx - 125} 600 Q${cx - 110} 650 ${cx} 652 Q${cx + 110} 650 ${cx + 125} 600 Z" fill="${fill}"/>
<path d="M${cx + 118} 598 Q${cx + 160} 590 ${cx + 170} 572 Q${cx + 140} 600 ${cx + 110} 602 Z" fill="${BRASS.base}"/>
${ellipse(cx, 600, 125, 16, BRASS.dark)}${ellipse(cx + 150, 582, 9, 16, '#ffcf5a', ' opacity="0.9"')}
<rect x="${cx - 10}" y="480" width="20" height="122" fill="${fill}"/>${ellipse(cx, 540, 22, 8, BRASS.light)}`;
  }
  const pleats = Array.from({ length: 9 }, (_, i) => {
    const t = (i + 1) / 10;
    return `<line x1="${f(cx - tw + t * tw * 2)}" y1="${f(shadeTop)}" x2="${f(cx - bw + t * bw * 2)}" y2="${shadeBottom}" stroke="${mix(fabric, '#000000', 0.25)}" stroke-width="2" opacity="0.35"/>`;
  }).join('');
  return `<defs>${glowGradient(`${id}-glow`)}${roundGradient(`${id}-fabric`, fabric)}${baseDefs}
<radialGradient id="${id}-lit" cy="0.7" r="0.6"><stop offset="0" stop-color="#fff3c4" stop-opacity="0.85"/><stop offset="1" stop-color="#ffe08a" stop-opacity="0"/></radialGradient></defs>
${ellipse(cx, (shadeTop + shadeBottom) / 2 + 30, 360, 330, `url(#${id}-glow)`)}
${ellipse(cx, shadeBottom + 20, bw * 1.25, 70, `url(#${id}-glow)`)}
${base}
<path d="${shade}" fill="url(#${id}-fabric)"/>${pleats}
<path d="${shade}" fill="url(#${id}-lit)"/>
${ellipse(cx, shadeTop, tw, 16 * s, '#fff4cc')}
<path d="M${f(cx - tw)} ${f(shadeTop)} A${f(tw)} ${f(16 * s)} 0 0 0 ${f(cx + tw)} ${f(shadeTop)}" stroke="${trim}" stroke-width="8" fill="none"/>
<path d="M${f(cx - bw)} ${shadeBottom} A${f(bw)} ${f(20 * s)} 0 0 0 ${f(cx + bw)} ${shadeBottom}" stroke="${trim}" stroke-width="10" fill="none"/>
${ellipse(cx, shadeBottom + 26, bw * 0.9, 10, '#ffe9a6', ' opacity="0.5"')}`;
}

/** A floor lamp: either a marble-footed arc lamp or a wooden tripod with a drum shade. */
function floorLamp(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}floor-lamp`;
  const style = pick(r, ['arc', 'tripod'] as const);
  const s = 0.92 + r() * 0.16;
  const glow = `${glowGradient(`${id}-glow`)}<linearGradient id="${id}-cone" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe39a" stop-opacity="0.5"/><stop offset="1" stop-color="#ffe39a" stop-opacity="0"/></linearGradient>`;
  if (style === 'arc') {
    const flip = r() < 0.5 ? -1 : 1;
    const bx = 500 - flip * 170;
    const sx = 500 + flip * 190;
    const sy = 440;
    const W = 150 * s;
    const H = 135 * s;
    const colour = pick(r, [c.base, c.dark, BRASS.base]);
    const pole = `M${bx} 890 L${bx} 380 C${bx} 90 ${sx} 90 ${sx} ${f(sy - H - 16)}`;
    return `<defs>${glow}${roundGradient(`${id}-shade`, colour)}<linearGradient id="${id}-marble" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7f4ef"/><stop offset="0.6" stop-color="#ddd7cf"/><stop offset="1" stop-color="#b9b1a6"/></linearGradient></defs>
${ellipse(sx, sy + 40, 330, 260, `url(#${id}-glow)`)}
<path d="M${f(sx - W * 0.9)} ${sy} L${f(sx - W * 2)} 920 L${f(sx + W * 2)} 920 L${f(sx + W * 0.9)} ${sy} Z" fill="url(#${id}-cone)"/>
${ellipse(sx, 918, W * 2, 26, '#ffe39a', ' opacity="0.45"')}
<path d="${pole}" stroke="${mix(c.dark, '#000000', 0.2)}" stroke-width="18" fill="none" stroke-linecap="round"/>
<rect x="${sx - 20}" y="${f(sy - H - 24)}" width="40" height="30" rx="6" fill="${mix(c.dark, '#000000', 0.2)}"/>
<path d="${pole}" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.3" transform="translate(-4 0)"/>
<path d="M${bx - 120} 920 L${bx - 120} 885 Q${bx - 120} 862 ${bx - 90} 862 L${bx + 90} 862 Q${bx + 120} 862 ${bx + 120} 885 L${bx + 120} 920 Z" fill="url(#${id}-marble)"/>
${ellipse(bx, 866, 96, 8, '#ffffff', ' opacity="0.6"')}
<path d="M${f(sx - W)} ${sy} C${f(sx - W)} ${f(sy - H * 0.8)} ${f(sx - W * 0.5)} ${f(sy - H)} ${sx} ${f(sy - H)} C${f(sx + W * 0.5)} ${f(sy - H)} ${f(sx + W)} ${f(sy - H * 0.8)} ${f(sx + W)} ${sy} Z" fill="url(#${id}-shade)"/>
${ellipse(sx, sy, W, W * 0.16, '#fff6d2')}${ellipse(sx, sy + 6, 30, 22, '#fffdf2')}
<path d="M${f(sx - W)} ${sy} A${f(W)} ${f(W * 0.16)} 0 0 0 ${f(sx + W)} ${sy}" stroke="${c.accent}" stroke-width="8" fill="none"/>`;
  }
  const fabric = pick(r, [c.light, c.base, mix(c.light, c.accent, 0.3)]);
  const wood = pick(r, ['#9a6a3f', '#6d4a2c', '#c09060']);
  const top = 170;
  const bottom = 420;
  const tw = 150 * s;
  const bw = 175 * s;
  const legs = `<path d="M492 440 L336 920" stroke="${wood}" stroke-width="20" stroke-linecap="round"/><path d="M508 440 L664 920" stroke="${mix(wood, '#000000', 0.2)}" stroke-width="20" stroke-linecap="round"/><path d="M500 440 L508 880" stroke="${mix(wood, '#000000', 0.35)}" stroke-width="16" stroke-linecap="round"/><path d="M492 440 L336 920" stroke="#ffffff" stroke-width="5" opacity="0.2"/>`;
  const shade = `M${f(500 - tw)} ${top} L${f(500 + tw)} ${top} L${f(500 + bw)} ${bottom} L${f(500 - bw)} ${bottom} Z`;
  return `<defs>${glow}${roundGradient(`${id}-fabric`, fabric)}<radialGradient id="${id}-lit" cy="0.7" r="0.6"><stop offset="0" stop-color="#fff3c4" stop-opacity="0.85"/><stop offset="1" stop-color="#ffe08a" stop-opacity="0"/></radialGradient></defs>
${ellipse(500, 300, 380, 330, `url(#${id}-glow)`)}
<path d="M${f(500 - bw * 0.95)} ${bottom} L${f(500 - bw * 1.8)} 920 L${f(500 + bw * 1.8)} 920 L${f(500 + bw * 0.95)} ${bottom} Z" fill="url(#${id}-cone)" opacity="0.7"/>
${legs}<rect x="482" y="${bottom}" width="36" height="26" rx="6" fill="${mix(wood, '#000000', 0.3)}"/>
<path d="${shade}" fill="url(#${id}-fabric)"/><path d="${shade}" fill="url(#${id}-lit)"/>
${ellipse(500, top, tw, 15, '#fff4cc')}
<path d="M${f(500 - tw)} ${top} A${f(tw)} 15 0 0 0 ${f(500 + tw)} ${top}" stroke="${c.accent}" stroke-width="8" fill="none"/>
<path d="M${f(500 - bw)} ${bottom} A${f(bw)} 18 0 0 0 ${f(500 + bw)} ${bottom}" stroke="${c.accent}" stroke-width="10" fill="none"/>`;
}

/** Cut-out shapes for one lantern face of width w and height h (local coordinates). */
function cutouts(pattern: 'arches' | 'stars' | 'drops' | 'lattice', w: number, h: number, fill: string): string {
  let out = '';
  if (pattern === 'arches') {
    const cols = 3;
    const aw = (w - 24) / cols - 10;
    for (let row = 0; row < 3; row++) {
      const ah = (h - 30) / 3 - 14;
      for (let col = 0; col < cols; col++) {
        const x = 17 + col * (aw + 10);
        const y = 18 + row * (ah + 14);
        out += `<path d="M${f(x)} ${f(y + ah)} L${f(x)} ${f(y + ah * 0.38)} Q${f(x)} ${f(y + ah * 0.1)} ${f(x + aw / 2)} ${f(y)} Q${f(x + aw)} ${f(y + ah * 0.1)} ${f(x + aw)} ${f(y + ah * 0.38)} L${f(x + aw)} ${f(y + ah)} Z" fill="${fill}"/>`;
      }
    }
  } else if (pattern === 'stars') {
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 3; col++) {
        const x = w * (0.2 + col * 0.3);
        const y = 40 + row * ((h - 80) / 4);
        const rr = Math.min(w * 0.12, 22);
        const points = Array.from({ length: 16 }, (_, i) => {
          const a = (i * Math.PI) / 8;
          const rad = i % 2 === 0 ? rr : rr * 0.6;
          return `${f(x + Math.cos(a) * rad)},${f(y + Math.sin(a) * rad)}`;
        }).join(' ');
        out += `<polygon points="${points}" fill="${fill}"/>`;
        if (row < 4 && col < 2)
          out += `<circle cx="${f(x + w * 0.15)}" cy="${f(y + (h - 80) / 8)}" r="5" fill="${fill}"/>`;
      }
    }
  } else if (pattern === 'drops') {
    for (let row = 0; row < 6; row++) {
      const y = 28 + row * ((h - 56) / 5.4);
      const offset = row % 2 === 0 ? 0 : w * 0.125;
      for (let x = w * 0.14 + offset; x < w - 12; x += w * 0.25) {
        out += `<path d="M${f(x)} ${f(y)} C${f(x + 13)} ${f(y + 20)} ${f(x + 12)} ${f(y + 34)} ${f(x)} ${f(y + 34)} C${f(x - 12)} ${f(y + 34)} ${f(x - 13)} ${f(y + 20)} ${f(x)} ${f(y)} Z" fill="${fill}"/>`;
      }
    }
  } else {
    for (let row = 0; row < 7; row++) {
      const y = 30 + row * ((h - 60) / 6);
      const offset = row % 2 === 0 ? 0 : w * 0.16;
      for (let x = w * 0.18 + offset; x < w - 16; x += w * 0.32) {
        out += `<path d="M${f(x)} ${f(y - 20)} L${f(x + 16)} ${f(y)} L${f(x)} ${f(y + 20)} L${f(x - 16)} ${f(y)} Z" fill="${fill}"/>`;
      }
    }
  }
  return out;
}

/** A Moroccan / Moradabad metal lantern: ring, onion dome, pierced panels glowing from inside, flared foot. */
function lantern(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}lantern`;
  const metal = pick(r, [
    BRASS,
    { base: '#b0643a', light: '#e9b08a', dark: '#5f2c15' },
    { base: mix(c.dark, c.base, 0.35), light: mix(c.base, '#ffffff', 0.35), dark: mix(c.dark, '#000000', 0.3) },
  ]);
  const pattern = pick(r, ['arches', 'stars', 'drops', 'lattice'] as const);
  const s = 0.94 + r() * 0.12;
  const cx = 500;
  const half = 165 * s;
  const face = 95 * s;
  const top = 430;
  const bottom = 785;
  const h = bottom - top;
  const fill = `url(#${id}-hot)`;
  const sideScale = f(((half - face) / (face * 2)) * 1000) / 1000;
  const faces = `<use href="#${id}-face" transform="translate(${f(cx - half)} ${top}) scale(${sideScale} 1)" opacity="0.75"/><use href="#${id}-face" transform="translate(${f(cx - face)} ${top})"/><use href="#${id}-face" transform="translate(${f(cx + face)} ${top}) scale(${sideScale} 1)" opacity="0.75"/>`;
  const specks = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2 + r() * 0.4;
    const rad = 290 + r() * 140;
    const x = cx + Math.cos(a) * rad;
    const y = 560 + Math.sin(a) * rad * 0.8;
    return y < 890 ? ellipse(x, y, 9 + r() * 9, 12 + r() * 10, '#ffd466', ' opacity="0.4"') : '';
  }).join('');
  const domeDots = Array.from(
    { length: 7 },
    (_, i) =>
      `<circle cx="${f(cx + (i - 3) * 30 * s)}" cy="${f(372 - Math.abs(i - 3) * 3)}" r="${i % 2 ? 5 : 7}" fill="${fill}"/>`,
  ).join('');
  return `<defs>${glowGradient(`${id}-glow`)}${roundGradient(`${id}-metal`, metal.base)}
<radialGradient id="${id}-hot"><stop offset="0" stop-color="#fffdf0"/><stop offset="0.6" stop-color="#ffe28a"/><stop offset="1" stop-color="#f6b043"/></radialGradient>
<g id="${id}-face">${cutouts(pattern, face * 2, h, fill)}</g></defs>
${ellipse(cx, 600, 430, 400, `url(#${id}-glow)`)}${specks}
${ellipse(cx, 914, 330, 34, `url(#${id}-glow)`)}
<circle cx="${cx}" cy="122" r="26" stroke="${metal.base}" stroke-width="9" fill="none"/>
<path d="M${cx} 146 Q${cx + 14} 196 ${cx + 10} 246 L${cx - 10} 246 Q${cx - 14} 196 ${cx} 146 Z" fill="${metal.dark}"/><circle cx="${cx}" cy="205" r="16" fill="url(#${id}-metal)"/>
<path d="M${f(cx - half * 0.92)} 402 C${f(cx - half)} 330 ${f(cx - 40)} 300 ${cx - 14} 242 L${cx + 14} 242 C${cx + 40} 300 ${f(cx + half)} 330 ${f(cx + half * 0.92)} 402 Z" fill="url(#${id}-metal)"/>${domeDots}
<rect x="${f(cx - half - 8)}" y="400" width="${f(half * 2 + 16)}" height="30" rx="6" fill="url(#${id}-metal)"/>
<rect x="${f(cx - half)}" y="${top}" width="${f(half * 2)}" height="${h}" fill="url(#${id}-metal)"/>
${faces}
<path d="M${f(cx - face)} ${top} V${bottom} M${f(cx + face)} ${top} V${bottom}" stroke="${metal.dark}" stroke-width="6"/>
<rect x="${f(cx - half - 8)}" y="${bottom}" width="${f(half * 2 + 16)}" height="26" rx="6" fill="url(#${id}-metal)"/>
<path d="M${f(cx - half * 0.8)} ${bottom + 26} L${f(cx + half * 0.8)} ${bottom + 26} C${f(cx + half * 0.85)} 860 ${f(cx + half * 1.1)} 882 ${f(cx + half * 1.12)} 900 L${f(cx - half * 1.12)} 900 C${f(cx - half * 1.1)} 882 ${f(cx - half * 0.85)} 860 ${f(cx - half * 0.8)} ${bottom + 26} Z" fill="url(#${id}-metal)"/>
<rect x="${f(cx - half * 1.18)}" y="898" width="${f(half * 2.36)}" height="22" rx="6" fill="${metal.dark}"/>
<rect x="${f(cx - half - 8)}" y="403" width="${f(half * 2 + 16)}" height="5" fill="${metal.light}" opacity="0.6"/>`;
}

/** Where a quadratic Bezier from p0 (control c) to p1 is at t. */
const bezier = (p0: number, c: number, p1: number, t: number) =>
  (1 - t) * (1 - t) * p0 + 2 * (1 - t) * t * c + t * t * p1;

/** Fairy lights or a paper-lantern garland, draped in swags across the wall. */
function stringLights(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}string-lights`;
  const kind = pick(r, ['fairy', 'paper', 'fairy'] as const);
  const wire = '#3b332c';
  let out = '';
  /** One swag of wire from (x0, y0) to (x1, y1), with `count` copies of the bulb symbols hung along it. */
  const swag = (
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    sag: number,
    count: number,
    first: number,
    symbols: number,
  ) => {
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2 + sag * 2;
    out += `<path d="M${f(x0)} ${f(y0)} Q${f(cx)} ${f(cy)} ${f(x1)} ${f(y1)}" stroke="${wire}" stroke-width="3" fill="none"/>`;
    for (let i = 0; i < count; i++) {
      const t = (i + 0.5) / count;
      const scale = f((0.92 + r() * 0.16) * 100) / 100;
      out += `<use href="#${id}-${(first + i) % symbols}" transform="translate(${f(bezier(x0, cx, x1, t))} ${f(bezier(y0, cy, y1, t))}) scale(${scale})"/>`;
    }
    out += `<circle cx="${f(x0)}" cy="${f(y0)}" r="7" fill="${wire}"/><circle cx="${f(x1)}" cy="${f(y1)}" r="7" fill="${wire}"/>`;
  };
  let symbols: string[];
  if (kind === 'fairy') {
    const colours = r() < 0.45 ? [c.accent, '#ffe27a', c.base, '#fff1c2'] : ['#ffe48a'];
    // A teardrop bulb hanging from its socket at (0, 0), scaled 1.3.
    symbols = colours.map(
      (colour) =>
        `<circle cy="36" r="80" fill="url(#${id}-glow)"/><rect x="-8" y="-2" width="16" height="16" rx="3" fill="${wire}"/><path d="M0 10 C22 23 21 54 0 57 C-21 54 -22 23 0 10 Z" fill="${colour}" stroke="${mix(colour, '#8a5a10', 0.45)}" stroke-width="2"/><ellipse cx="-5" cy="31" rx="6.5" ry="10" fill="#ffffff" opacity="0.75"/>`,
    );
    const n = symbols.length;
    const y0 = 240 + r() * 30;
    swag(40, y0, 345, y0 + 10, 120 + r() * 30, 5, 0, n);
    swag(345, y0 + 10, 655, y0 + 10, 120 + r() * 30, 5, 1, n);
    swag(655, y0 + 10, 960, y0, 120 + r() * 30, 5, 2, n);
    const y1 = 520 + r() * 30;
    swag(40, y1, 500, y1 + 10, 150 + r() * 30, 6, 3, n);
    swag(500, y1 + 10, 960, y1, 150 + r() * 30, 6, 1, n);
  } else {
    const colours = pick(r, [
      [c.base, c.accent, c.light],
      [c.accent, c.base, c.dark, c.light],
      [c.base, c.light],
    ]);
    // A round paper lantern of radius 48 on a short string from (0, 0).
    const ribs = [-0.6, -0.2, 0.2, 0.6]
      .map((k) => {
        const half = f(48 * Math.sqrt(1 - k * k));
        const y = f(74 + k * 48);
        return `M${-half} ${y} Q0 ${f(y + 9)} ${half} ${y}`;
      })
      .join(' ');
    symbols = colours.map(
      (colour) =>
        `<circle cy="74" r="100" fill="url(#${id}-glow)"/><path d="M0 0 V26" stroke="${wire}" stroke-width="2"/><circle cy="74" r="48" fill="${colour}"/><circle cy="74" r="48" fill="url(#${id}-paper)"/><path d="${ribs}" stroke="${mix(colour, '#000000', 0.35)}" stroke-width="2" fill="none" opacity="0.4"/><rect x="-17" y="21" width="34" height="10" rx="3" fill="${wire}"/><rect x="-14" y="117" width="28" height="9" rx="3" fill="${wire}"/>`,
    );
    const n = symbols.length;
    const y0 = 190 + r() * 30;
    swag(30, y0, 350, y0 + 10, 110 + r() * 30, 3, 0, n);
    swag(350, y0 + 10, 650, y0 + 10, 110 + r() * 30, 3, 1, n);
    swag(650, y0 + 10, 970, y0, 110 + r() * 30, 3, 2, n);
    const y1 = 520 + r() * 30;
    swag(30, y1, 500, y1 + 10, 130 + r() * 30, 4, 1, n);
    swag(500, y1 + 10, 970, y1, 130 + r() * 30, 4, 2, n);
  }
  const defs = symbols.map((symbol, i) => `<g id="${id}-${i}">${symbol}</g>`).join('');
  return `<defs>${glowGradient(`${id}-glow`)}<radialGradient id="${id}-paper" cx="0.45" cy="0.5" r="0.55"><stop offset="0" stop-color="#fff8d8" stop-opacity="0.85"/><stop offset="0.55" stop-color="#ffe9a8" stop-opacity="0.35"/><stop offset="1" stop-color="#000000" stop-opacity="0.18"/></radialGradient>${defs}</defs>${out}`;
}

/** A wall sconce: metal backplate and arm holding a glass tulip or globe, or a half-drum that washes light up and down. */
function wallSconce(ctx: DrawContext): string {
  // Drawn at a comfortable size, then enlarged about the centre to fill the box.
  return `<g transform="translate(500 480) scale(1.3) translate(-500 -480)">${sconceBody(ctx)}</g>`;
}

function sconceBody(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}wall-sconce`;
  const style = pick(r, ['tulip', 'globe', 'drum'] as const);
  const metal = pick(r, [
    BRASS,
    { base: mix(c.dark, '#000000', 0.1), light: mix(c.dark, '#ffffff', 0.4), dark: mix(c.dark, '#000000', 0.4) },
  ]);
  const s = 0.92 + r() * 0.16;
  const defs = `<defs>${glowGradient(`${id}-glow`)}${roundGradient(`${id}-metal`, metal.base)}
<linearGradient id="${id}-wash" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#ffe08a" stop-opacity="0.55"/><stop offset="1" stop-color="#ffe08a" stop-opacity="0"/></linearGradient>
<linearGradient id="${id}-down" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe08a" stop-opacity="0.45"/><stop offset="1" stop-color="#ffe08a" stop-opacity="0"/></linearGradient>
<radialGradient id="${id}-opal" cx="0.45" cy="0.55" r="0.6"><stop offset="0" stop-color="#fffdf0"/><stop offset="0.6" stop-color="#fff0c2"/><stop offset="1" stop-color="${mix(c.light, '#e8b45a', 0.45)}"/></radialGradient>`;
  if (style === 'drum') {
    const fabric = pick(r, [c.base, c.accent, c.light]);
    const w = 130 * s;
    const top = 500 - 150 * s;
    const bottom = 500 + 150 * s;
    return `${defs}${roundGradient(`${id}-fabric`, fabric)}</defs>
${ellipse(500, 480, 320, 360, `url(#${id}-glow)`)}
<path d="M${f(500 - w)} ${f(top)} L${f(500 - w * 1.6)} 140 L${f(500 + w * 1.6)} 140 L${f(500 + w)} ${f(top)} Z" fill="url(#${id}-wash)"/>
<path d="M${f(500 - w)} ${f(bottom)} L${f(500 - w * 1.6)} 830 L${f(500 + w * 1.6)} 830 L${f(500 + w)} ${f(bottom)} Z" fill="url(#${id}-down)"/>
<rect x="455" y="${f(top - 30)}" width="90" height="${f(bottom - top + 60)}" rx="16" fill="url(#${id}-metal)"/>
<rect x="${f(500 - w)}" y="${f(top)}" width="${f(w * 2)}" height="${f(bottom - top)}" rx="6" fill="url(#${id}-fabric)"/>
<rect x="${f(500 - w)}" y="${f(top)}" width="${f(w * 2)}" height="${f(bottom - top)}" rx="6" fill="url(#${id}-opal)" opacity="0.35"/>
${ellipse(500, top, w, 12, '#fff6d4')}${ellipse(500, bottom, w, 12, '#fff6d4')}
<path d="M${f(500 - w)} ${f(top + 18)} H${f(500 + w)} M${f(500 - w)} ${f(bottom - 18)} H${f(500 + w)}" stroke="${fabric === c.accent ? c.dark : c.accent}" stroke-width="8"/>`;
  }
  const flip = r() < 0.5 ? 1 : -1;
  const bx = 500 - flip * 85;
  const sx = 500 + flip * 80;
  const plate = pick(r, ['oval', 'round', 'rect'] as const);
  const plateSvg =
    plate === 'oval'
      ? ellipse(bx, 600, 46, 96, `url(#${id}-metal)`)
      : plate === 'round'
        ? `<circle cx="${bx}" cy="600" r="62" fill="url(#${id}-metal)"/><circle cx="${bx}" cy="600" r="40" fill="${metal.dark}" opacity="0.25"/>`
        : `<rect x="${bx - 40}" y="500" width="80" height="200" rx="10" fill="url(#${id}-metal)"/>`;
  const arm = `<path d="M${bx} 610 C${f(bx + flip * 90)} 660 ${f(sx)} 650 ${sx} 560" stroke="${metal.dark}" stroke-width="14" fill="none" stroke-linecap="round"/><path d="M${bx} 610 C${f(bx + flip * 90)} 660 ${f(sx)} 650 ${sx} 560" stroke="${metal.light}" stroke-width="4" fill="none" opacity="0.5"/><rect x="${sx - 22}" y="530" width="44" height="34" rx="6" fill="url(#${id}-metal)"/>`;
  let shade: string;
  if (style === 'tulip') {
    const w = 100 * s;
    const tint = pick(r, [c.light, mix(c.accent, '#ffffff', 0.5), mix(c.base, '#ffffff', 0.55)]);
    const rim = 540 - 190 * s;
    shade = `<path d="M${f(sx - w)} ${f(rim)} C${f(sx - w)} ${f(rim + 100)} ${sx - 40} 520 ${sx} 534 C${sx + 40} 520 ${f(sx + w)} ${f(rim + 100)} ${f(sx + w)} ${f(rim)} Z" fill="${tint}"/>
<path d="M${f(sx - w)} ${f(rim)} C${f(sx - w)} ${f(rim + 100)} ${sx - 40} 520 ${sx} 534 C${sx + 40} 520 ${f(sx + w)} ${f(rim + 100)} ${f(sx + w)} ${f(rim)} Z" fill="url(#${id}-opal)" opacity="0.7"/>
${ellipse(sx, rim, w, 20, '#fffbe8')}<path d="M${f(sx - w)} ${f(rim)} A${f(w)} 20 0 0 0 ${f(sx + w)} ${f(rim)}" stroke="${c.accent}" stroke-width="5" fill="none"/>
<path d="M${f(sx - w * 0.6)} ${f(rim + 40)} Q${f(sx - w * 0.55)} ${f(rim + 110)} ${sx - 20} ${f(rim + 150)}" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.5" stroke-linecap="round"/>`;
    return `${defs}</defs>
${ellipse(sx, 430, 290, 300, `url(#${id}-glow)`)}
<path d="M${f(sx - w)} ${f(rim)} L${f(sx - w * 2)} 150 L${f(sx + w * 2)} 150 L${f(sx + w)} ${f(rim)} Z" fill="url(#${id}-wash)"/>
${plateSvg}${arm}${shade}`;
  }
  const rad = 95 * s;
  shade = `<circle cx="${sx}" cy="${f(530 - rad)}" r="${f(rad)}" fill="url(#${id}-opal)"/>
<circle cx="${f(sx - rad * 0.35)}" cy="${f(530 - rad * 1.4)}" r="${f(rad * 0.2)}" fill="#ffffff" opacity="0.6"/>
<rect x="${sx - 34}" y="516" width="68" height="22" rx="8" fill="url(#${id}-metal)"/>`;
  return `${defs}</defs>
${ellipse(sx, 530 - rad, 300, 300, `url(#${id}-glow)`)}${plateSvg}${arm}${shade}`;
}

export const LIGHTING: Record<Motif<'lighting'>, MotifArt> = {
  pendant: { draw: pendant, placement: 'wall' },
  'table-lamp': { draw: tableLamp, placement: 'table' },
  'floor-lamp': { draw: floorLamp, placement: 'floor' },
  lantern: { draw: lantern, placement: 'table' },
  'string-lights': { draw: stringLights, placement: 'wall' },
  'wall-sconce': { draw: wallSconce, placement: 'wall' },
};
