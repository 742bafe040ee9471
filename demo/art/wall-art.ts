/** Demo artwork for the wall-art category: framed prints with a thin mat, drawn in a flat modern style. */
import type { Motif } from '../types.ts';
import { f, pick, type MotifArt, type DrawContext } from './kit.ts';

/** Blends two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const channel = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((1 << 24) | (channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).slice(1)}`;
}

/** A factor of 1 ± amount. */
const vary = (random: () => number, amount: number) => 1 + (random() * 2 - 1) * amount;
const between = (random: () => number, low: number, high: number) => low + random() * (high - low);

/** Frame mouldings: light edge, face, dark edge. */
const FRAMES = {
  oak: ['#dcb688', '#b8895a', '#8a6038'],
  walnut: ['#8a6245', '#5e3d27', '#3a2517'],
  black: ['#4a4a50', '#26262a', '#0f0f11'],
  white: ['#ffffff', '#f0ece5', '#cfc8bc'],
  brass: ['#f3dc9c', '#c9a04e', '#8a6523'],
} as const;
type FrameName = keyof typeof FRAMES;

interface Canvas {
  /** Size of the artwork area inside the mat. */
  w: number;
  h: number;
  /** Id prefix for this drawing's gradients. */
  id: string;
}

/**
 * A framed print centred in the 1000 box: drop shadow, moulding, thin mat with a bevel, the artwork
 * (clipped to its window) and a faint glass sheen. `art` draws in the artwork's own 0..w x 0..h space.
 */
function framed(
  ctx: DrawContext,
  motif: string,
  width: number,
  height: number,
  art: (canvas: Canvas) => string,
): string {
  const { random } = ctx;
  const id = `${ctx.id}${motif}`;
  const scale = between(random, 0.94, 1.03);
  const W = f(width * scale);
  const H = f(height * scale);
  const x0 = f(500 - W / 2);
  const y0 = f(500 - H / 2);
  const frameName = pick(random, Object.keys(FRAMES) as FrameName[]);
  const [edgeLight, face, edgeDark] = FRAMES[frameName];
  const t = f(between(random, 22, 32)); // moulding width
  const m = f(W * between(random, 0.045, 0.07)); // mat width
  const matColour = frameName === 'white' ? '#f7f4ee' : '#faf7f1';
  const ax = f(x0 + t + m);
  const ay = f(y0 + t + m);
  const aw = f(W - 2 * (t + m));
  const ah = f(H - 2 * (t + m));
  const inner = (inset: number) =>
    `x="${f(x0 + inset)}" y="${f(y0 + inset)}" width="${f(W - 2 * inset)}" height="${f(H - 2 * inset)}"`;
  return `<defs><linearGradient id="${id}-frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${edgeLight}"/><stop offset="0.45" stop-color="${face}"/><stop offset="1" stop-color="${edgeDark}"/></linearGradient>
<linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.04"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<clipPath id="${id}-clip"><rect width="${aw}" height="${ah}"/></clipPath></defs>
<rect x="${f(x0 + 22)}" y="${f(y0 + 30)}" width="${W}" height="${H}" rx="6" fill="#000" opacity="0.06"/>
<rect x="${f(x0 + 12)}" y="${f(y0 + 17)}" width="${W}" height="${H}" rx="4" fill="#000" opacity="0.1"/>
<rect x="${f(x0 + 5)}" y="${f(y0 + 7)}" width="${W}" height="${H}" rx="3" fill="#000" opacity="0.12"/>
<rect ${inner(0)} rx="3" fill="url(#${id}-frame)"/>
<rect ${inner(0)} rx="3" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>
<rect ${inner(t * 0.45)} fill="none" stroke="${edgeLight}" stroke-opacity="0.5" stroke-width="2"/>
<rect ${inner(t - 3)} fill="${edgeDark}"/>
<rect ${inner(t)} fill="${matColour}"/>
<path d="M${x0 + t} ${y0 + t} h${W - 2 * t} l-4 5 H${f(x0 + t + 4)} V${f(y0 + H - t - 4)} l-4 4 Z" fill="#000" opacity="0.08"/>
<rect ${inner(t + m - 3)} fill="#e6dfd2"/>
<g transform="translate(${ax} ${ay})"><g clip-path="url(#${id}-clip)">${art({ w: aw, h: ah, id })}</g></g>
<path d="M${x0 + t} ${y0 + t} H${f(x0 + t + (W - 2 * t) * 0.62)} L${x0 + t} ${f(y0 + t + (H - 2 * t) * 0.5)} Z" fill="url(#${id}-glass)"/>`;
}

const rect = (w: number, h: number, fill: string) => `<rect width="${f(w)}" height="${f(h)}" fill="${fill}"/>`;
const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"${extra}/>`;
/** A small flying bird: two arcs. */
const bird = (x: number, y: number, s: number, colour: string) =>
  `<path d="M${f(x - s)} ${f(y - s * 0.35)} Q${f(x - s * 0.45)} ${f(y - s * 0.6)} ${f(x)} ${f(y)} Q${f(x + s * 0.45)} ${f(y - s * 0.6)} ${f(x + s)} ${f(y - s * 0.35)}" fill="none" stroke="${colour}" stroke-width="${f(s * 0.16)}" stroke-linecap="round" stroke-linejoin="round"/>`;

function mountains(ctx: DrawContext): string {
  const { colours: c, random } = ctx;
  const landscape = random() < 0.35;
  return framed(ctx, 'mountains', landscape ? 840 : 640, landscape ? 640 : 820, ({ w, h, id }) => {
    const sunX = w * between(random, 0.25, 0.75);
    const sunY = h * between(random, 0.22, 0.32);
    const sunR = w * between(random, 0.09, 0.13);
    let out = `<defs><linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(c.light, '#ffffff', 0.3)}"/><stop offset="0.7" stop-color="${mix(c.accent, c.light, 0.55)}"/></linearGradient></defs>`;
    out += `<rect width="${w}" height="${h}" fill="url(#${id}-sky)"/>`;
    out += circle(sunX, sunY, sunR * 1.6, c.accent, ' opacity="0.25"') + circle(sunX, sunY, sunR, c.accent);
    const birds = Math.floor(between(random, 2, 5));
    for (let index = 0; index < birds; index++) {
      out += bird(
        w * between(random, 0.1, 0.9),
        h * between(random, 0.1, 0.3),
        w * between(random, 0.018, 0.03),
        c.dark,
      );
    }
    const layers = [mix(c.base, c.light, 0.6), mix(c.base, c.light, 0.3), c.base, mix(c.base, c.dark, 0.55), c.dark];
    layers.forEach((fill, layer) => {
      const baseY = h * (0.42 + layer * 0.11);
      const peaks = layer < 2 ? Math.floor(between(random, 2, 4)) : Math.floor(between(random, 3, 5));
      const step = (w + 80) / peaks;
      const points: Array<[number, number]> = [[-40, baseY + h * 0.08]];
      for (let index = 0; index < peaks; index++) {
        const px = -40 + step * (index + between(random, 0.3, 0.7));
        const height = h * (layer < 2 ? between(random, 0.14, 0.26) : between(random, 0.05, 0.12));
        points.push([px, baseY - height]);
        points.push([-40 + step * (index + 1), baseY + h * between(random, 0, 0.05)]);
      }
      let d: string;
      if (layer < 3) {
        d = `M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join(' L')}`;
      } else {
        // Rounded foothills.
        d = `M${f(points[0]![0])} ${f(points[0]![1])}`;
        for (let index = 1; index < points.length - 1; index += 2) {
          const [qx, qy] = points[index]!;
          const [ex, ey] = points[index + 1]!;
          d += ` Q${f(qx)} ${f(qy - h * 0.04)} ${f(ex)} ${f(ey)}`;
        }
      }
      out += `<path d="${d} L${w + 40} ${h + 10} L-40 ${h + 10} Z" fill="${fill}"/>`;
      if (layer === 0) {
        // Snow caps on the far peaks.
        for (let index = 1; index < points.length - 1; index += 2) {
          const [px, py] = points[index]!;
          const [lx, ly] = points[index - 1]!;
          const [rx, ry] = points[index + 1]!;
          const k = 0.3;
          const x1 = px + (lx - px) * k;
          const y1 = py + (ly - py) * k;
          const x2 = px + (rx - px) * k;
          const y2 = py + (ry - py) * k;
          out += `<path d="M${f(px)} ${f(py)} L${f(x2)} ${f(y2)} L${f(px + (x2 - px) * 0.45)} ${f(y2 - (y2 - py) * 0.25)} L${f(px)} ${f(y1 - (y1 - py) * 0.05)} L${f(px + (x1 - px) * 0.5)} ${f(y1 - (y1 - py) * 0.3)} L${f(x1)} ${f(y1)} Z" fill="#ffffff" opacity="0.85"/>`;
        }
      }
      if (layer === 1) {
        // Shadowed flank on the mid peaks: flat two-tone faceting.
        for (let index = 1; index < points.length - 1; index += 2) {
          const [px, py] = points[index]!;
          const [rx, ry] = points[index + 1]!;
          out += `<path d="M${f(px)} ${f(py)} L${f(rx)} ${f(ry)} L${f(px + (rx - px) * 0.25)} ${f(ry)} Z" fill="${c.dark}" opacity="0.12"/>`;
        }
      }
    });
    // Pine trees on the front hills.
    const trees = Math.floor(between(random, 3, 8));
    for (let index = 0; index < trees; index++) {
      const tx = w * between(random, 0.03, 0.97);
      const ty = h * between(random, 0.9, 1.0);
      const th = h * between(random, 0.07, 0.12);
      const tw = th * 0.42;
      out += `<path d="M${f(tx)} ${f(ty - th)} L${f(tx + tw * 0.6)} ${f(ty - th * 0.45)} L${f(tx + tw * 0.35)} ${f(ty - th * 0.45)} L${f(tx + tw)} ${f(ty)} L${f(tx - tw)} ${f(ty)} L${f(tx - tw * 0.35)} ${f(ty - th * 0.45)} L${f(tx - tw * 0.6)} ${f(ty - th * 0.45)} Z" fill="${mix(c.dark, '#000000', 0.25)}"/>`;
    }
    return out;
  });
}

function sunset(ctx: DrawContext): string {
  const { colours: c, random } = ctx;
  return framed(ctx, 'sunset', 640, 820, ({ w, h, id }) => {
    const horizon = h * between(random, 0.55, 0.64);
    const sunX = w * between(random, 0.35, 0.65);
    const sunR = w * between(random, 0.2, 0.26);
    const sunColour = mix(c.accent, '#fff6dc', 0.35);
    let out = `<defs><linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(c.base, c.dark, 0.35)}"/><stop offset="0.55" stop-color="${c.base}"/><stop offset="1" stop-color="${mix(c.accent, c.base, 0.25)}"/></linearGradient>
<linearGradient id="${id}-sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(c.base, c.dark, 0.45)}"/><stop offset="1" stop-color="${mix(c.dark, '#000000', 0.2)}"/></linearGradient>
<clipPath id="${id}-sun"><rect width="${w}" height="${f(horizon)}"/></clipPath></defs>`;
    out += `<rect width="${w}" height="${f(horizon + 2)}" fill="url(#${id}-sky)"/>`;
    out += circle(sunX, horizon, sunR * 1.45, c.accent, ' opacity="0.22"');
    out += `<g clip-path="url(#${id}-sun)">${circle(sunX, horizon, sunR, sunColour)}`;
    // Retro bands cut through the lower half of the sun.
    for (let index = 0; index < 4; index++) {
      const y = horizon - sunR * (0.55 - index * 0.15);
      out += `<rect x="${f(sunX - sunR)}" y="${f(y)}" width="${f(sunR * 2)}" height="${f(sunR * (0.025 + index * 0.02))}" fill="${mix(c.accent, c.base, 0.25)}"/>`;
    }
    out += '</g>';
    // Long clouds.
    const clouds = Math.floor(between(random, 2, 4));
    for (let index = 0; index < clouds; index++) {
      const cy = horizon * between(random, 0.15, 0.6);
      const cw = w * between(random, 0.25, 0.45);
      const cx = w * between(random, -0.05, 0.95) - cw / 2;
      const ch = h * 0.022;
      out += `<rect x="${f(cx)}" y="${f(cy)}" width="${f(cw)}" height="${f(ch)}" rx="${f(ch / 2)}" fill="${c.light}" opacity="0.45"/>`;
      out += `<rect x="${f(cx + cw * 0.2)}" y="${f(cy - ch * 1.3)}" width="${f(cw * 0.45)}" height="${f(ch)}" rx="${f(ch / 2)}" fill="${c.light}" opacity="0.35"/>`;
    }
    for (let index = 0; index < 3; index++) {
      out += bird(
        w * between(random, 0.15, 0.85),
        horizon * between(random, 0.2, 0.5),
        w * between(random, 0.02, 0.035),
        c.dark,
      );
    }
    // Sea with the sun's broken reflection.
    out += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#${id}-sea)"/>`;
    const island = random() < 0.5 ? -1 : 1;
    const ix = island < 0 ? 0 : w;
    out += `<path d="M${f(ix - island * w * 0.05)} ${f(horizon + 1)} Q${f(ix + island * w * 0.12)} ${f(horizon - h * 0.07)} ${f(ix + island * w * 0.3)} ${f(horizon + 1)} Z" fill="${mix(c.dark, c.base, 0.2)}"/>`;
    const rows = 9;
    for (let index = 0; index < rows; index++) {
      const y = horizon + (h - horizon) * (0.06 + index * 0.1);
      const half = sunR * (1 - index * 0.085) * vary(random, 0.15);
      const thick = (h - horizon) * (0.018 + index * 0.004);
      const shift = sunR * 0.12 * (random() - 0.5);
      out += `<rect x="${f(sunX - half + shift)}" y="${f(y)}" width="${f(half * 2)}" height="${f(thick)}" rx="${f(thick / 2)}" fill="${sunColour}" opacity="${f(0.85 - index * 0.07)}"/>`;
    }
    for (let index = 0; index < 6; index++) {
      const y = horizon + (h - horizon) * between(random, 0.1, 0.95);
      const x = w * between(random, 0, 0.9);
      out += `<rect x="${f(x)}" y="${f(y)}" width="${f(w * between(random, 0.06, 0.14))}" height="3" rx="1.5" fill="${c.light}" opacity="0.25"/>`;
    }
    return out;
  });
}

function abstractCircles(ctx: DrawContext): string {
  const { colours: c, random } = ctx;
  return framed(ctx, 'abstract-circles', 640, 820, ({ w, h }) => {
    const ground = mix(c.light, '#fffaf0', 0.35);
    const soft = mix(c.base, c.light, 0.5);
    const colours = [c.base, c.accent, c.dark, soft];
    // Shuffle the colour roles so each print differs.
    for (let index = colours.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [colours[index], colours[other]] = [colours[other]!, colours[index]!];
    }
    const [one, two, three, four] = colours as [string, string, string, string];
    const flip = random() < 0.5;
    const X = (x: number) => (flip ? w - x : x);
    let out = rect(w, h, ground);
    // A big semicircle rising from the bottom edge.
    const bigR = w * between(random, 0.38, 0.46);
    const bigX = X(w * between(random, 0.35, 0.55));
    out += `<path d="M${f(bigX - bigR)} ${f(h)} A${f(bigR)} ${f(bigR)} 0 0 1 ${f(bigX + bigR)} ${f(h)} Z" fill="${one}"/>`;
    // Large sun-like disc, overlapping.
    const discR = w * between(random, 0.26, 0.32);
    const discX = X(w * between(random, 0.58, 0.7));
    const discY = h * between(random, 0.34, 0.44);
    out += circle(discX, discY, discR, two, ' opacity="0.92"');
    // A half disc in the top corner.
    const halfR = w * between(random, 0.2, 0.26);
    const halfX = X(w * between(random, 0.16, 0.3));
    const halfY = h * between(random, 0.18, 0.26);
    out += `<path d="M${f(halfX - halfR)} ${f(halfY)} A${f(halfR)} ${f(halfR)} 0 0 1 ${f(halfX + halfR)} ${f(halfY)} Z" fill="${three}"/>`;
    // Striped quarter rings nested in the half disc.
    for (let index = 1; index <= 3; index++) {
      const r = halfR * (1 - index * 0.22);
      out += `<path d="M${f(halfX - r)} ${f(halfY)} A${f(r)} ${f(r)} 0 0 1 ${f(halfX + r)} ${f(halfY)}" fill="none" stroke="${ground}" stroke-width="${f(halfR * 0.06)}" opacity="0.9"/>`;
    }
    // A ring outline and a small solid dot.
    const ringR = w * between(random, 0.12, 0.17);
    const ringX = X(w * between(random, 0.22, 0.4));
    const ringY = h * between(random, 0.52, 0.62);
    out += circle(ringX, ringY, ringR, 'none', ` stroke="${three}" stroke-width="${f(w * 0.012)}"`);
    out += circle(ringX + ringR * 0.45, ringY + ringR * 0.3, ringR * 0.55, four, ' opacity="0.9"');
    out += circle(
      X(w * between(random, 0.72, 0.85)),
      h * between(random, 0.66, 0.74),
      w * between(random, 0.045, 0.07),
      three,
    );
    // A field of small dots.
    const dotsX = X(w * between(random, 0.62, 0.78));
    const dotsY = h * between(random, 0.06, 0.12);
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 5; col++) {
        out += circle(
          dotsX + (flip ? -1 : 1) * col * w * 0.045,
          dotsY + row * w * 0.045,
          w * 0.008,
          c.dark,
          ' opacity="0.7"',
        );
      }
    }
    // A fine arc line sweeping across.
    out += `<path d="M${f(X(-w * 0.05))} ${f(h * 0.78)} Q${f(X(w * 0.5))} ${f(h * 0.5)} ${f(X(w * 1.05))} ${f(h * 0.62)}" fill="none" stroke="${c.dark}" stroke-width="${f(w * 0.006)}" opacity="0.6"/>`;
    return out;
  });
}

/** A point on a quadratic Bezier and the angle (degrees) of its tangent. */
function onQuad(p0: [number, number], p1: [number, number], p2: [number, number], t: number) {
  const u = 1 - t;
  const x = u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0];
  const y = u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1];
  const dx = 2 * u * (p1[0] - p0[0]) + 2 * t * (p2[0] - p1[0]);
  const dy = 2 * u * (p1[1] - p0[1]) + 2 * t * (p2[1] - p1[1]);
  return { x, y, angle: (Math.atan2(dy, dx) * 180) / Math.PI };
}

function botanical(ctx: DrawContext): string {
  const { colours: c, random } = ctx;
  return framed(ctx, 'botanical', 640, 820, ({ w, h }) => {
    let out = rect(w, h, mix(c.light, '#fffaf0', 0.45));
    // A soft arch behind the sprigs.
    const archW = w * between(random, 0.56, 0.7);
    const archX = (w - archW) / 2;
    const archTop = h * between(random, 0.1, 0.18);
    out += `<path d="M${f(archX)} ${f(h * 0.9)} V${f(archTop + archW / 2)} A${f(archW / 2)} ${f(archW / 2)} 0 0 1 ${f(archX + archW)} ${f(archTop + archW / 2)} V${f(h * 0.9)} Z" fill="${mix(c.accent, c.light, 0.5)}"/>`;
    const greens = [c.dark, c.base, mix(c.accent, c.dark, 0.35)];
    const root: [number, number] = [w * 0.5, h * 0.93];
    const stems = Math.floor(between(random, 3, 5));
    const offset = Math.floor(random() * 3);
    for (let stem = 0; stem < stems; stem++) {
      const spread = stems === 1 ? 0 : (stem / (stems - 1) - 0.5) * 2; // -1 .. 1
      const tip: [number, number] = [
        w * (0.5 + spread * between(random, 0.3, 0.4)),
        h * between(random, 0.1, 0.3) + Math.abs(spread) * h * 0.12,
      ];
      const bend: [number, number] = [w * (0.5 + spread * 0.05), h * between(random, 0.45, 0.6)];
      const colour = greens[(stem + offset) % 3]!;
      const kind = pick(random, ['leafy', 'round', 'fern'] as const);
      out += `<path d="M${f(root[0])} ${f(root[1])} Q${f(bend[0])} ${f(bend[1])} ${f(tip[0])} ${f(tip[1])}" fill="none" stroke="${colour}" stroke-width="${f(w * 0.011)}" stroke-linecap="round"/>`;
      const count = kind === 'fern' ? 14 : kind === 'round' ? 11 : Math.floor(between(random, 6, 9));
      for (let index = 0; index < count; index++) {
        const t = 0.22 + (index / count) * 0.78;
        const point = onQuad(root, bend, tip, t);
        const side = index % 2 === 0 ? 1 : -1;
        const size =
          w * (1 - t * 0.5) * (kind === 'fern' ? 0.14 : kind === 'round' ? 0.055 : 0.17) * vary(random, 0.12);
        if (kind === 'round') {
          const angle = ((point.angle + side * 90) * Math.PI) / 180;
          const cx = point.x + Math.cos(angle) * size * 0.95;
          const cy = point.y + Math.sin(angle) * size * 0.95;
          out += circle(cx, cy, size, colour, index % 3 === 1 ? ' opacity="0.8"' : '');
        } else {
          const leafW = kind === 'fern' ? size * 0.14 : size * 0.38;
          const angle = point.angle + side * (kind === 'fern' ? 62 : 48);
          out += `<g transform="translate(${f(point.x)} ${f(point.y)}) rotate(${f(angle)})"><path d="M0 0 Q${f(size * 0.45)} ${f(-leafW * 1.6)} ${f(size)} 0 Q${f(size * 0.45)} ${f(leafW * 1.6)} 0 0Z" fill="${colour}"/>${kind === 'leafy' ? `<path d="M${f(size * 0.08)} 0 L${f(size * 0.8)} 0" stroke="${c.light}" stroke-width="${f(w * 0.004)}" opacity="0.55"/>` : ''}</g>`;
        }
      }
      // A leaf or berry at the tip.
      if (kind === 'round') out += circle(tip[0], tip[1], w * 0.022, c.accent);
      else
        out += `<g transform="translate(${f(tip[0])} ${f(tip[1])}) rotate(${f(onQuad(root, bend, tip, 1).angle)})"><path d="M0 0 Q${f(w * 0.04)} ${f(-w * 0.025)} ${f(w * 0.08)} 0 Q${f(w * 0.04)} ${f(w * 0.025)} 0 0Z" fill="${colour}"/></g>`;
    }
    return out;
  });
}

function waves(ctx: DrawContext): string {
  const { colours: c, random } = ctx;
  return framed(ctx, 'waves', 840, 620, ({ w, h, id }) => {
    const horizon = h * between(random, 0.5, 0.58);
    const r = w * between(random, 0.07, 0.08);
    const sea = mix(c.base, c.dark, 0.15);
    const ring = mix(c.light, '#ffffff', 0.3);
    // Seigaiha (overlapping concentric arcs). Each circle's rings are hidden lower down by the two circles
    // of the next row (centred r/2 lower, r to either side), so only the arc within +-limit of the top shows:
    // draw just those arcs over a flat sea. (A <pattern> fill looks the same but renders far slower.)
    const rings = [0.78, 0.54, 0.3].map((k) => {
      let limit = 0;
      while (limit < Math.PI / 2 && k * k + 0.25 - 2 * k * Math.sin(limit) + k * Math.cos(limit) > 0) limit += 0.02;
      return { k, limit };
    });
    let arcs = '';
    for (let row = 0, y = horizon + r * 0.8; y - r < h; row++, y += r / 2) {
      for (let x = row % 2 ? r : 0; x - r < w; x += 2 * r) {
        for (const { k, limit } of rings) {
          const dx = k * r * Math.sin(limit);
          // Whole units keep these many arcs compact.
          const round = Math.round;
          arcs += `M${round(x - dx)} ${round(y - k * r * Math.cos(limit))}a${round(k * r)} ${round(k * r)} 0 0 1 ${round(2 * dx)} 0`;
        }
      }
    }
    let out = `<defs><linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(c.light, '#ffffff', 0.4)}"/><stop offset="1" stop-color="${mix(c.light, c.accent, 0.3)}"/></linearGradient></defs>`;
    out += `<rect width="${w}" height="${f(horizon + 4)}" fill="url(#${id}-sky)"/>`;
    const flip = random() < 0.5;
    // Sun and a distant snow-capped peak on the side away from the wave.
    const sunX = w * (flip ? between(random, 0.15, 0.3) : between(random, 0.7, 0.85));
    out += circle(sunX, h * between(random, 0.16, 0.26), w * between(random, 0.06, 0.08), mix(c.accent, c.base, 0.15));
    const peakX = w * (flip ? between(random, 0.3, 0.45) : between(random, 0.55, 0.7));
    const peakW = w * between(random, 0.14, 0.2);
    const peakH = h * between(random, 0.14, 0.2);
    const peakTop = horizon - peakH;
    out += `<path d="M${f(peakX - peakW)} ${f(horizon + 2)} L${f(peakX - peakW * 0.12)} ${f(peakTop)} L${f(peakX + peakW * 0.12)} ${f(peakTop)} L${f(peakX + peakW)} ${f(horizon + 2)} Z" fill="${mix(c.base, c.light, 0.45)}"/>`;
    out += `<path d="M${f(peakX - peakW * 0.12)} ${f(peakTop)} L${f(peakX + peakW * 0.12)} ${f(peakTop)} L${f(peakX + peakW * 0.36)} ${f(peakTop + peakH * 0.3)} L${f(peakX + peakW * 0.15)} ${f(peakTop + peakH * 0.24)} L${f(peakX)} ${f(peakTop + peakH * 0.34)} L${f(peakX - peakW * 0.16)} ${f(peakTop + peakH * 0.25)} L${f(peakX - peakW * 0.36)} ${f(peakTop + peakH * 0.3)} Z" fill="#ffffff"/>`;
    out += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${sea}"/><path d="${arcs}" fill="none" stroke="${ring}" stroke-width="${f(r * 0.07)}"/>`;
    // The great wave: a back that rises to a crest, curls over into a lip and falls as a face.
    const k = between(random, 0.9, 1.05);
    const P = (x: number, y: number) => `${f(x * w * k)} ${f(h - (1 - y) * h * k)}`;
    const body = `M${P(0, 1.05)} L${P(0, 0.55)} C${P(0.05, 0.3)} ${P(0.25, 0.1)} ${P(0.42, 0.14)} C${P(0.56, 0.17)} ${P(0.62, 0.3)} ${P(0.57, 0.4)} C${P(0.54, 0.46)} ${P(0.47, 0.45)} ${P(0.46, 0.38)} C${P(0.45, 0.32)} ${P(0.39, 0.3)} ${P(0.35, 0.37)} C${P(0.3, 0.46)} ${P(0.36, 0.75)} ${P(0.66, 1.05)} Z`;
    const curl = mix(c.base, c.dark, 0.55);
    const foamLine = mix(c.base, c.dark, 0.4);
    // The hollow under the lip shows deep water, not sky.
    let wave = `<path d="M${P(0.58, 0.38)} C${P(0.56, 0.52)} ${P(0.42, 0.56)} ${P(0.33, 0.44)} L${P(0.4, 0.3)} Z" fill="${curl}"/>`;
    wave += `<path d="${body}" fill="${c.base}"/>`;
    // Bands that follow the back of the wave.
    [0.1, 0.2, 0.3].forEach((offset, index) => {
      wave += `<path d="M${P(0.02 + offset * 0.15, 0.68 + offset)} C${P(0.06 + offset * 0.2, 0.42 + offset)} ${P(0.22, 0.22 + offset)} ${P(0.4 - offset * 0.2, 0.24 + offset * 0.7)}" fill="none" stroke="${index % 2 ? curl : mix(c.base, c.light, 0.4)}" stroke-width="${f(w * 0.011)}" stroke-linecap="round" opacity="0.85"/>`;
    });
    // A foam ribbon just inside the crest, outlined so it reads against the pale sky.
    const ribbon = `M${P(0.03, 0.5)} C${P(0.09, 0.3)} ${P(0.25, 0.15)} ${P(0.42, 0.19)} C${P(0.53, 0.21)} ${P(0.57, 0.3)} ${P(0.53, 0.38)}`;
    wave += `<path d="${ribbon}" fill="none" stroke="${foamLine}" stroke-width="${f(w * 0.03)}" stroke-linecap="round"/>`;
    wave += `<path d="${ribbon}" fill="none" stroke="${ring}" stroke-width="${f(w * 0.021)}" stroke-linecap="round"/>`;
    // Foam "claws": scalloped blobs along the crest and dripping off the lip.
    const segments: Array<Array<[number, number]>> = [
      [
        [0, 0.55],
        [0.05, 0.3],
        [0.25, 0.1],
        [0.42, 0.14],
      ],
      [
        [0.42, 0.14],
        [0.56, 0.17],
        [0.62, 0.3],
        [0.57, 0.4],
      ],
      [
        [0.57, 0.4],
        [0.54, 0.46],
        [0.47, 0.45],
        [0.46, 0.38],
      ],
    ];
    const onCrest = (segment: number, t: number) => {
      const [a0, a1, a2, a3] = segments[segment]!;
      const u = 1 - t;
      const at = (i: 0 | 1) =>
        u * u * u * a0![i] + 3 * u * u * t * a1![i] + 3 * u * t * t * a2![i] + t * t * t * a3![i];
      return [at(0) * w * k, h - (1 - at(1)) * h * k] as const;
    };
    const claws: Array<[number, number]> = [
      [0, 0.4],
      [0, 0.55],
      [0, 0.7],
      [0, 0.84],
      [0, 0.97],
      [1, 0.22],
      [1, 0.45],
      [1, 0.66],
      [1, 0.85],
      [1, 1],
      [2, 0.4],
      [2, 0.75],
    ];
    for (const [segment, t] of claws) {
      const [x, y] = onCrest(segment, t);
      wave += circle(x, y, w * 0.016 * vary(random, 0.2), ring, ` stroke="${foamLine}" stroke-width="${f(w * 0.004)}"`);
    }
    const spray = Math.floor(between(random, 6, 11));
    for (let index = 0; index < spray; index++) {
      const [x, y] = onCrest(Math.floor(random() * 2), between(random, 0.3, 0.9));
      wave += circle(
        x + w * between(random, -0.02, 0.03),
        y - h * between(random, 0.04, 0.09),
        w * between(random, 0.004, 0.008),
        foamLine,
      );
    }
    out += flip ? `<g transform="translate(${w} 0) scale(-1 1)">${wave}</g>` : wave;
    return out;
  });
}

/** A point at radius r and angle a (radians, 0 = up) around (cx, cy), in whole units to keep the many petals compact. */
const polar = (cx: number, cy: number, r: number, a: number) =>
  `${Math.round(cx + r * Math.sin(a))} ${Math.round(cy - r * Math.cos(a))}`;

function mandala(ctx: DrawContext): string {
  const { colours: c, random } = ctx;
  return framed(ctx, 'mandala', 760, 760, ({ w, h }) => {
    const darkGround = random() < 0.5;
    const ground = darkGround ? mix(c.dark, '#000000', 0.15) : mix(c.light, '#fffaf0', 0.4);
    const ink = darkGround ? mix(c.light, '#ffffff', 0.2) : c.dark;
    const cx = w / 2;
    const cy = h / 2;
    const R = Math.min(w, h) * between(random, 0.42, 0.46);
    let out = rect(w, h, ground);
    /** A ring of `n` petals from radius r1 to r2; `pointed` petals end in a tip, others are rounded. */
    const petals = (
      n: number,
      r1: number,
      r2: number,
      width: number,
      fill: string,
      offset: number,
      pointed: boolean,
      extra = '',
    ) => {
      let d = '';
      const half = (Math.PI / n) * width;
      for (let index = 0; index < n; index++) {
        const a = ((index + offset) * 2 * Math.PI) / n;
        const mid = r1 + (r2 - r1) * 0.55;
        d += pointed
          ? `M${polar(cx, cy, r1, a - half * 0.6)} Q${polar(cx, cy, mid, a - half * 1.3)} ${polar(cx, cy, r2, a)} Q${polar(cx, cy, mid, a + half * 1.3)} ${polar(cx, cy, r1, a + half * 0.6)}Z`
          : `M${polar(cx, cy, r1, a - half * 0.5)} C${polar(cx, cy, r2 * 1.02, a - half * 1.3)} ${polar(cx, cy, r2 * 1.02, a + half * 1.3)} ${polar(cx, cy, r1, a + half * 0.5)}Z`;
      }
      return `<path d="${d}" fill="${fill}"${extra}/>`;
    };
    const dots = (n: number, r: number, size: number, fill: string, offset = 0) => {
      let s = '';
      for (let index = 0; index < n; index++) {
        const a = ((index + offset) * 2 * Math.PI) / n;
        s += circle(cx + r * Math.sin(a), cy - r * Math.cos(a), size, fill);
      }
      return s;
    };
    const n = pick(random, [12, 16] as const);
    const inner = pick(random, [8, 10, 12] as const);
    const soft = mix(c.base, darkGround ? c.dark : c.light, 0.35);
    // Outer halo and dotted border.
    out += circle(cx, cy, R * 1.02, soft, ' opacity="0.25"');
    out += dots(n * 2, R * 0.98, R * 0.02, c.accent);
    out += petals(n, R * 0.5, R * 0.93, 0.85, c.base, 0.5, true);
    out += petals(n, R * 0.48, R * 0.8, 0.9, c.accent, 0, true);
    out += petals(n, R * 0.5, R * 0.68, 0.55, ground, 0, true, ' opacity="0.9"');
    out += dots(n, R * 0.86, R * 0.022, ink, 0.5);
    out +=
      circle(cx, cy, R * 0.52, soft) +
      circle(cx, cy, R * 0.52, 'none', ` stroke="${ink}" stroke-width="${f(R * 0.012)}"`);
    out += petals(inner, R * 0.18, R * 0.5, 0.95, c.dark === ink ? c.base : c.dark, 0, false);
    out += petals(inner, R * 0.18, R * 0.4, 0.6, c.accent, 0, false);
    out += petals(inner * 2, R * 0.14, R * 0.28, 0.7, ink, 0.5, true, ' opacity="0.85"');
    out += dots(inner * 2, R * 0.44, R * 0.014, ink, 0.5);
    out += circle(cx, cy, R * 0.15, c.base) + dots(12, R * 0.11, R * 0.018, ground);
    out += circle(cx, cy, R * 0.06, c.accent) + circle(cx, cy, R * 0.025, ink);
    // Small corner ornaments.
    for (const [x, y] of [
      [0, 0],
      [w, 0],
      [0, h],
      [w, h],
    ] as const) {
      out += circle(x, y, R * 0.22, soft, ' opacity="0.5"') + circle(x, y, R * 0.13, c.accent, ' opacity="0.7"');
    }
    return out;
  });
}

function geometric(ctx: DrawContext): string {
  const { colours: c, random } = ctx;
  const cols = 3;
  const rows = random() < 0.5 ? 4 : 3;
  return framed(ctx, 'geometric', 640, rows === 4 ? 820 : 640, ({ w, h }) => {
    const tw = w / cols;
    const th = h / rows;
    const cream = mix(c.light, '#fffaf0', 0.4);
    const set = [c.base, c.accent, c.dark, cream, mix(c.base, c.light, 0.45)];
    let out = rect(w, h, cream);
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const x = col * tw;
        const y = row * th;
        const bgIndex = Math.floor(random() * set.length);
        const fgIndex = (bgIndex + 1 + Math.floor(random() * (set.length - 1))) % set.length;
        const bg = set[bgIndex]!;
        const fg = set[fgIndex]!;
        const third = set[(fgIndex + 1 + (fgIndex + 1 === bgIndex ? 1 : 0)) % set.length]!;
        const s = Math.min(tw, th);
        out += `<rect x="${f(x)}" y="${f(y)}" width="${f(tw + 0.5)}" height="${f(th + 0.5)}" fill="${bg}"/>`;
        const kind = pick(random, ['quarter', 'semi', 'triangle', 'arch', 'circle', 'stripes', 'peaks'] as const);
        const corner = Math.floor(random() * 4);
        const cxr = corner % 2 === 0 ? x : x + tw;
        const cyr = corner < 2 ? y : y + th;
        switch (kind) {
          case 'quarter':
            out += `<path d="M${f(cxr)} ${f(cyr)} L${f(cxr + (corner % 2 === 0 ? s : -s))} ${f(cyr)} A${f(s)} ${f(s)} 0 0 ${corner === 0 || corner === 3 ? 1 : 0} ${f(cxr)} ${f(cyr + (corner < 2 ? s : -s))} Z" fill="${fg}"/>`;
            break;
          case 'semi': {
            const r = tw / 2;
            out += `<path d="M${f(x)} ${f(y + th)} A${f(r)} ${f(r)} 0 0 1 ${f(x + tw)} ${f(y + th)} Z" fill="${fg}"/>`;
            out += circle(x + tw / 2, y + th * 0.22, s * 0.09, third);
            break;
          }
          case 'triangle':
            out +=
              corner % 2 === 0
                ? `<path d="M${f(x)} ${f(y)} L${f(x + tw)} ${f(y + th)} L${f(x)} ${f(y + th)} Z" fill="${fg}"/>`
                : `<path d="M${f(x + tw)} ${f(y)} L${f(x + tw)} ${f(y + th)} L${f(x)} ${f(y + th)} Z" fill="${fg}"/>`;
            break;
          case 'arch': {
            // A rainbow of nested arches on the tile's bottom edge.
            const bands = [fg, bg, third, bg, fg];
            bands.forEach((colour, index) => {
              const r = (tw / 2) * (0.95 - index * 0.18);
              out += `<path d="M${f(x + tw / 2 - r)} ${f(y + th)} A${f(r)} ${f(r)} 0 0 1 ${f(x + tw / 2 + r)} ${f(y + th)} Z" fill="${colour}"/>`;
            });
            break;
          }
          case 'circle':
            out += circle(x + tw / 2, y + th / 2, s * 0.34, fg) + circle(x + tw / 2, y + th / 2, s * 0.14, third);
            break;
          case 'stripes':
            for (let index = 0; index < 4; index++) {
              out += `<rect x="${f(x)}" y="${f(y + th * (0.1 + index * 0.22))}" width="${f(tw)}" height="${f(th * 0.1)}" fill="${fg}"/>`;
            }
            break;
          default:
            out += `<path d="M${f(x)} ${f(y + th)} L${f(x + tw * 0.35)} ${f(y + th * 0.3)} L${f(x + tw * 0.7)} ${f(y + th)} Z M${f(x + tw * 0.45)} ${f(y + th)} L${f(x + tw * 0.75)} ${f(y + th * 0.5)} L${f(x + tw)} ${f(y + th * 0.92)} L${f(x + tw)} ${f(y + th)} Z" fill="${fg}"/>`;
        }
      }
    }
    return out;
  });
}

export const WALL_ART: Record<Motif<'wall-art'>, MotifArt> = {
  mountains: { draw: mountains, placement: 'wall' },
  sunset: { draw: sunset, placement: 'wall' },
  'abstract-circles': { draw: abstractCircles, placement: 'wall' },
  botanical: { draw: botanical, placement: 'wall' },
  waves: { draw: waves, placement: 'wall' },
  mandala: { draw: mandala, placement: 'wall' },
  geometric: { draw: geometric, placement: 'wall' },
};
