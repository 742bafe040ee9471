/**
 * Procedural artwork for the home page: the promo carousel banners (1600 x 700) and the "shop the look"
 * snapshots (1200 x 900). Flat illustrations with gradients; no text, fonts, images or filters, so librsvg
 * renders them quickly. The site overlays white text on the left ~45% of each banner, so the subjects sit
 * on the right and the left stays calm.
 */
import { PALETTE_COLOURS, f } from './kit.ts';

const T = PALETTE_COLOURS.terracotta;
const I = PALETTE_COLOURS.indigo;
const S = PALETTE_COLOURS.sage;
const M = PALETTE_COLOURS.mustard;
const B = PALETTE_COLOURS.blush;
const PC = PALETTE_COLOURS.peacock;

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

type Stop = readonly [offset: number, colour: string, opacity?: number];

const stops = (list: readonly Stop[]) =>
  list
    .map(
      ([offset, colour, opacity]) =>
        `<stop offset="${offset}" stop-color="${colour}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');

/** A linear gradient in bounding-box units; vertical (top to bottom) by default. */
const lin = (id: string, list: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;

/** A radial gradient in bounding-box units. */
const rad = (id: string, list: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;

const rect = (x: number, y: number, width: number, height: number, fill: string, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(width)}" height="${f(height)}" fill="${fill}"${extra}/>`;

const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;

const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;

const shadow = (cx: number, cy: number, rx: number, opacity = 0.16) =>
  ellipse(cx, cy, rx, rx * 0.09, '#000', ` opacity="${opacity}"`);

/** A pointed leaf of the given length from (x, y), rotated by angle degrees (0 = pointing right). */
const leaf = (x: number, y: number, length: number, angle: number, fill: string, width = 0.32) => {
  const w = length * width;
  return `<path transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})" d="M0 0C${f(length * 0.3)} ${f(-w)} ${f(length * 0.75)} ${f(-w)} ${f(length)} 0C${f(length * 0.75)} ${f(w * 0.9)} ${f(length * 0.3)} ${f(w * 0.9)} 0 0Z" fill="${fill}"/>`;
};

/** A potted plant standing with its pot base centred at (x, y). */
function plant(
  x: number,
  y: number,
  scale: number,
  pot: string,
  potDark: string,
  id: string,
  greens: readonly string[] = ['#4f7a4a', '#6a9a5c', '#3e6a3e', '#7fae6a'],
): string {
  const leaves = [
    [-70, 0.95],
    [-100, 1.05],
    [-125, 0.9],
    [-45, 0.85],
    [-150, 0.8],
    [-85, 1.15],
    [-112, 0.75],
    [-30, 0.7],
    [-160, 0.65],
    [-60, 0.75],
  ]
    .map(([angle, length], index) => {
      const a = angle!;
      const l = length! * 150;
      const stemX = Math.cos((a * Math.PI) / 180) * l * 0.35;
      const stemY = Math.sin((a * Math.PI) / 180) * l * 0.35;
      return `<path d="M0 -70Q${f(stemX * 0.5)} ${f(-70 + stemY * 0.6)} ${f(stemX)} ${f(-70 + stemY)}" stroke="#3e5a34" stroke-width="4" fill="none"/>${leaf(stemX, -70 + stemY, l * 0.75, a, greens[index % 4]!, 0.36)}`;
    })
    .join('');
  return `<defs>${lin(
    `${id}pot`,
    [
      [0, pot],
      [1, potDark],
    ],
    0,
    0,
    1,
    0,
  )}</defs><g transform="translate(${f(x)} ${f(y)}) scale(${scale})">${shadow(0, 0, 70)}${leaves}<path d="M-52 -80L52 -80L40 0L-40 0Z" fill="url(#${id}pot)"/>${rect(-58, -92, 116, 18, potDark, ' rx="6"')}</g>`;
}

/** A framed picture; art is drawn inside a box of (width x height) at the origin. */
const frame = (x: number, y: number, width: number, height: number, art: string, border = '#3a2a20', mat = '#fbf6ee') =>
  `<g transform="translate(${f(x)} ${f(y)})">${rect(6, 10, width, height, '#000', ' opacity="0.12"')}${rect(0, 0, width, height, border)}${rect(8, 8, width - 16, height - 16, mat)}<svg x="${f(width * 0.12)}" y="${f(height * 0.12)}" width="${f(width * 0.76)}" height="${f(height * 0.76)}" viewBox="0 0 100 100" preserveAspectRatio="none">${art}</svg></g>`;

// ---------------------------------------------------------------------------------------------------------------------
// Banner 0: a styled living room vignette.

function livingRoom(): string {
  const p = 'b0-';
  const defs = `<defs>${lin(`${p}wall`, [
    [0, '#f4e6d6'],
    [1, '#e8cfb6'],
  ])}${lin(
    `${p}wallL`,
    [
      [0, '#000', 0.05],
      [0.5, '#000', 0],
      [1, '#000', 0],
    ],
    0,
    0,
    1,
    0,
  )}${lin(`${p}floor`, [
    [0, '#b8875e'],
    [1, '#8a5e3e'],
  ])}${lin(`${p}sofa`, [
    [0, '#3a9898'],
    [1, '#226e6e'],
  ])}${lin(`${p}back`, [
    [0, '#2f8a8a'],
    [1, '#1d6262'],
  ])}${lin(`${p}arm`, [
    [0, '#277c7c'],
    [1, '#185656'],
  ])}${rad(`${p}glow`, [
    [0, '#fff3c4', 0.85],
    [0.4, '#ffe09a', 0.35],
    [1, '#ffd27a', 0],
  ])}${lin(
    `${p}shade`,
    [
      [0, '#fff4d8'],
      [1, '#f2cf8e'],
    ],
    0,
    0,
    1,
    0,
  )}${lin(`${p}rug`, [
    [0, '#e9d3b8'],
    [1, '#d9bb98'],
  ])}${lin(`${p}art`, [
    [0, '#f6d7b0'],
    [1, '#eeb98a'],
  ])}${rad(`${p}light`, [
    [0, '#fff', 0.55],
    [1, '#fff', 0],
  ])}</defs>`;
  const room =
    rect(0, 0, 1600, 700, `url(#${p}wall)`) +
    rect(0, 0, 1600, 700, `url(#${p}wallL)`) +
    ellipse(1150, 260, 520, 320, `url(#${p}light)`) +
    rect(0, 596, 1600, 104, `url(#${p}floor)`) +
    rect(0, 588, 1600, 12, '#f8f1e7') +
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
      .map(
        (i) =>
          `<line x1="${i * 220 - 200}" y1="700" x2="${i * 190 + 20}" y2="600" stroke="#6e4a30" stroke-width="2" opacity="0.3"/>`,
      )
      .join('');
  const rug =
    ellipse(1110, 650, 420, 42, `url(#${p}rug)`) +
    ellipse(1110, 650, 390, 34, 'none', ` stroke="${T.base}" stroke-width="4" opacity="0.5"`);
  const bigArt =
    rect(0, 0, 100, 100, `url(#${p}art)`) +
    circle(64, 38, 16, T.base) +
    `<path d="M0 78Q25 52 50 70T100 62V100H0Z" fill="${T.dark}" opacity="0.85"/><path d="M0 88Q30 70 60 84T100 80V100H0Z" fill="${M.base}"/>`;
  const smallArt =
    rect(0, 0, 100, 100, S.light) +
    leaf(50, 92, 80, -90, S.base, 0.45) +
    `<line x1="50" y1="92" x2="50" y2="20" stroke="${S.dark}" stroke-width="2"/>`;
  const smallArt2 =
    rect(0, 0, 100, 100, B.light) + circle(50, 50, 30, B.base) + circle(50, 50, 14, '#fff', ' opacity="0.7"');
  const art =
    frame(940, 110, 280, 200, bigArt, '#3a2a20') +
    frame(1245, 120, 110, 140, smallArt, '#c59a5c') +
    frame(1245, 275, 110, 90, smallArt2, '#c59a5c');
  const sofa =
    shadow(1100, 592, 320, 0.22) +
    rect(862, 572, 14, 22, '#3a2a20', ' rx="3"') +
    rect(1326, 572, 14, 22, '#3a2a20', ' rx="3"') +
    rect(860, 380, 480, 140, `url(#${p}back)`, ' rx="34"') +
    rect(850, 478, 500, 100, `url(#${p}sofa)`, ' rx="22"') +
    `<line x1="1100" y1="484" x2="1100" y2="520" stroke="#1d6262" stroke-width="3" opacity="0.6"/>` +
    rect(870, 470, 460, 20, '#fff', ' rx="10" opacity="0.12"') +
    rect(818, 430, 78, 150, `url(#${p}arm)`, ' rx="30"') +
    rect(1304, 430, 78, 150, `url(#${p}arm)`, ' rx="30"') +
    rect(826, 436, 62, 14, '#fff', ' rx="7" opacity="0.15"') +
    rect(1312, 436, 62, 14, '#fff', ' rx="7" opacity="0.15"');
  const cushion = (x: number, y: number, angle: number, fill: string, dark: string, pattern: string) =>
    `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M-62 -52Q0 -40 62 -52Q52 0 62 52Q0 40 -62 52Q-52 0 -62 -52Z" fill="${fill}"/><path d="M-62 52Q0 40 62 52Q56 30 60 20Q0 34 -58 22Z" fill="${dark}" opacity="0.35"/>${pattern}</g>`;
  const cushions =
    cushion(
      940,
      452,
      -8,
      M.base,
      M.dark,
      `<path d="M-30 -20L0 10L30 -20M-30 10L0 40L30 10" stroke="${M.light}" stroke-width="5" fill="none" opacity="0.8"/>`,
    ) +
    cushion(
      1060,
      446,
      4,
      T.light,
      T.base,
      `${circle(0, 0, 18, T.base, ' opacity="0.8"')}${circle(0, 0, 30, 'none', ` stroke="${T.base}" stroke-width="3" opacity="0.5"`)}`,
    ) +
    cushion(
      1250,
      452,
      9,
      T.base,
      T.dark,
      `<path d="M-40 -10H40M-40 10H40" stroke="${T.accent}" stroke-width="5" opacity="0.8"/>`,
    ) +
    cushion(1150, 462, -3, B.base, B.dark, '');
  const lamp =
    ellipse(1480, 240, 170, 170, `url(#${p}glow)`) +
    shadow(1480, 596, 60, 0.2) +
    ellipse(1480, 592, 42, 9, '#2b2b2e') +
    rect(1476, 250, 8, 342, '#3a3a3e') +
    `<path d="M1430 170L1530 170L1562 262L1398 262Z" fill="url(#${p}shade)"/>` +
    `<path d="M1398 262L1562 262L1558 270L1402 270Z" fill="#d9a441"/>` +
    ellipse(1480, 268, 70, 6, '#fff8d8', ' opacity="0.9"');
  const table =
    shadow(1110, 640, 170, 0.2) +
    ellipse(1110, 600, 170, 26, '#5a3d29') +
    ellipse(1110, 594, 170, 26, '#8a5e3e') +
    rect(1020, 600, 12, 44, '#4a3020') +
    rect(1188, 600, 12, 44, '#4a3020') +
    // a vase with stems, a stack of books and a cup on the coffee table
    `<path d="M1040 586Q1026 556 1042 536L1058 536Q1074 556 1060 586Z" fill="${PC.base}"/>` +
    `<path d="M1050 538Q1040 500 1020 480M1050 538Q1056 494 1074 470M1050 538Q1048 510 1052 476" stroke="#5a7a4a" stroke-width="3" fill="none"/>` +
    circle(1020, 480, 8, M.base) +
    circle(1074, 470, 8, T.base) +
    circle(1052, 476, 7, '#fff') +
    rect(1110, 570, 90, 14, T.dark, ' rx="3"') +
    rect(1116, 558, 80, 13, S.base, ' rx="3"') +
    rect(1106, 546, 86, 13, M.base, ' rx="3"');
  return svg(
    1600,
    700,
    defs + room + rug + art + lamp + sofa + cushions + table + plant(752, 596, 1.2, T.base, T.dark, `${p}p`),
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Banner 1: an evening lighting scene against a deep-blue wall.

function eveningLighting(): string {
  const p = 'b1-';
  const warm: Stop[] = [
    [0, '#fff6d6', 0.9],
    [0.25, '#ffd98a', 0.45],
    [0.6, '#f0a84a', 0.12],
    [1, '#f0a84a', 0],
  ];
  const defs = `<defs>${lin(`${p}wall`, [
    [0, '#141a3a'],
    [0.6, '#222d5e'],
    [1, '#2b3a72'],
  ])}${lin(`${p}floor`, [
    [0, '#3a2618'],
    [1, '#1f140c'],
  ])}${rad(`${p}glow`, warm)}${lin(`${p}beam`, [
    [0, '#ffd98a', 0.32],
    [1, '#ffd98a', 0],
  ])}${lin(
    `${p}brass`,
    [
      [0, '#f3d08a'],
      [0.5, '#c9973f'],
      [1, '#7a5518'],
    ],
    0,
    0,
    1,
    0,
  )}${rad(
    `${p}globe`,
    [
      [0, '#fffbe8'],
      [0.55, '#ffe6a8'],
      [1, '#f2b45a'],
    ],
    0.45,
    0.4,
    0.6,
  )}${lin(
    `${p}cone`,
    [
      [0, '#2c7f7f'],
      [1, '#17494a'],
    ],
    0,
    0,
    1,
    0,
  )}${lin(`${p}shade`, [
    [0, '#fff0c8'],
    [1, '#f4c070'],
  ])}${lin(`${p}wood`, [
    [0, '#7a5236'],
    [1, '#4e3322'],
  ])}${lin(
    `${p}vase`,
    [
      [0, '#e9b872'],
      [1, '#b8834a'],
    ],
    0,
    0,
    1,
    0,
  )}${rad(`${p}wash`, [
    [0, '#ffcf7a', 0.22],
    [1, '#ffcf7a', 0],
  ])}</defs>`;
  const room =
    rect(0, 0, 1600, 700, `url(#${p}wall)`) +
    // soft vertical wall panelling on the right, fading to a calm left side
    [880, 1040, 1200, 1360, 1520].map((x) => rect(x, 0, 3, 620, '#0e1330', ' opacity="0.35"')).join('') +
    ellipse(1200, 380, 520, 300, `url(#${p}wash)`) +
    rect(0, 632, 1600, 68, `url(#${p}floor)`) +
    rect(0, 622, 1600, 12, '#1a1f3e');
  // Pendants: cord, fitting, light beam and glow.
  const beam = (x: number, y: number, top: number, bottom: number) =>
    `<path d="M${x - top} ${y}L${x + top} ${y}L${x + bottom} 632L${x - bottom} 632Z" fill="url(#${p}beam)"/>`;
  const cord = (x: number, y: number) =>
    rect(x - 1.5, 0, 3, y, '#0b0e22') + rect(x - 14, 0, 28, 8, '#c9973f', ' rx="2"');
  const dome = (x: number, y: number) =>
    beam(x, y, 70, 210) +
    ellipse(x, y + 20, 230, 200, `url(#${p}glow)`) +
    cord(x, y - 60) +
    rect(x - 8, y - 66, 16, 18, '#c9973f', ' rx="3"') +
    `<path d="M${x - 90} ${y}C${x - 90} ${y - 40} ${x - 50} ${y - 52} ${x} ${y - 52}C${x + 50} ${y - 52} ${x + 90} ${y - 40} ${x + 90} ${y}Z" fill="url(#${p}brass)"/>` +
    ellipse(x, y, 90, 10, '#fff0c0') +
    ellipse(x, y + 4, 26, 14, '#fffbe8');
  const globe = (x: number, y: number) =>
    ellipse(x, y, 260, 240, `url(#${p}glow)`) +
    cord(x, y - 62) +
    rect(x - 12, y - 70, 24, 14, '#c9973f', ' rx="3"') +
    circle(x, y, 62, `url(#${p}globe)`) +
    ellipse(x - 22, y - 24, 16, 10, '#fff', ' opacity="0.7"');
  const cone = (x: number, y: number) =>
    beam(x, y, 46, 170) +
    ellipse(x, y + 10, 180, 170, `url(#${p}glow)`) +
    cord(x, y - 96) +
    `<path d="M${x - 12} ${y - 96}L${x + 12} ${y - 96}L${x + 52} ${y}L${x - 52} ${y}Z" fill="url(#${p}cone)"/>` +
    `<path d="M${x - 12} ${y - 96}L${x + 12} ${y - 96}L${x + 52} ${y}L${x - 52} ${y}Z" fill="none" stroke="#c9973f" stroke-width="3"/>` +
    ellipse(x, y, 52, 7, '#ffe9b0') +
    ellipse(x, y + 3, 16, 9, '#fffbe8');
  // A console with a glowing table lamp, a vase of branches and books.
  const console =
    shadow(1230, 634, 300, 0.35) +
    rect(960, 488, 540, 26, `url(#${p}wood)`, ' rx="4"') +
    rect(970, 514, 520, 70, '#4a3020') +
    rect(980, 522, 245, 54, '#5e3d28', ' rx="3"') +
    rect(1235, 522, 245, 54, '#5e3d28', ' rx="3"') +
    circle(1210, 549, 5, '#c9973f') +
    circle(1250, 549, 5, '#c9973f') +
    `<path d="M985 584L975 630L990 630L1002 584ZM1475 584L1485 630L1470 630L1458 584Z" fill="#3a2416"/>` +
    rect(960, 488, 540, 6, '#ffd98a', ' opacity="0.25"');
  const tableLamp =
    ellipse(1380, 360, 230, 210, `url(#${p}glow)`) +
    ellipse(1380, 480, 160, 18, '#ffd98a', ' opacity="0.35"') +
    ellipse(1380, 486, 36, 6, '#2a1a10', ' opacity="0.5"') +
    `<path d="M1380 484C1340 484 1336 420 1364 396L1396 396C1424 420 1420 484 1380 484Z" fill="${PC.base}"/>` +
    `<path d="M1380 484C1352 484 1346 430 1366 400L1374 400C1360 430 1364 470 1380 484Z" fill="#fff" opacity="0.15"/>` +
    rect(1376, 356, 8, 42, '#c9973f') +
    `<path d="M1330 290L1430 290L1458 362L1302 362Z" fill="url(#${p}shade)"/>` +
    ellipse(1380, 362, 78, 6, '#fff8e0');
  const vase =
    `<path d="M1060 488C1030 488 1030 430 1050 410L1050 396L1070 396L1070 410C1090 430 1090 488 1060 488Z" fill="url(#${p}vase)"/>` +
    `<path d="M1060 398C1050 340 1020 300 990 270M1060 398C1064 330 1080 290 1110 250M1058 398C1050 350 1060 300 1056 250" stroke="#5a4030" stroke-width="3" fill="none"/>` +
    [
      [990, 270],
      [1004, 290],
      [1020, 316],
      [1110, 250],
      [1096, 276],
      [1084, 300],
      [1056, 250],
      [1058, 280],
      [1030, 330],
    ]
      .map(([x, y], i) => ellipse(x!, y!, 9, 5, i % 2 ? '#f4c9c0' : '#fbe3da'))
      .join('');
  const books =
    rect(1150, 470, 110, 18, T.base, ' rx="3"') +
    rect(1158, 454, 96, 16, M.base, ' rx="3"') +
    rect(1146, 440, 104, 14, '#e8e2d6', ' rx="3"') +
    circle(1200, 430, 10, '#c9973f');
  const stars = [
    [160, 90],
    [300, 170],
    [460, 70],
    [620, 140],
    [90, 240],
    [540, 260],
  ]
    .map(([x, y]) => circle(x!, y!, 1.8, '#fff', ' opacity="0.25"'))
    .join('');
  return svg(
    1600,
    700,
    defs +
      room +
      stars +
      dome(900, 250) +
      globe(1120, 200) +
      cone(1320, 160) +
      console +
      vase +
      books +
      tableLamp +
      plant(1555, 632, 1.25, '#c9973f', '#7a5518', `${p}p`, ['#2f5a3a', '#3f6e48', '#24462c', '#4e7e52']),
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Banner 2: a shelf display of collectible vinyl toys. Each toy stands on (0, 0) and is about 220 units tall.

const at = (x: number, y: number, scale: number, body: string) =>
  `<g transform="translate(${f(x)} ${f(y)}) scale(${scale})">${body}</g>`;

/** Two cute eyes with highlights, centred at (x, y). */
const eyes = (x: number, y: number, gap: number, r: number, colour = '#1d1d20') =>
  [x - gap / 2, x + gap / 2]
    .map((cx) => circle(cx, y, r, colour) + circle(cx + r * 0.35, y - r * 0.35, r * 0.35, '#fff'))
    .join('');

/** A glossy vinyl highlight. */
const gloss = (cx: number, cy: number, rx: number, ry: number) => ellipse(cx, cy, rx, ry, '#fff', ' opacity="0.35"');

const cheeks = (x: number, y: number, gap: number) =>
  ellipse(x - gap / 2, y, 9, 5, '#f28b8b', ' opacity="0.6"') +
  ellipse(x + gap / 2, y, 9, 5, '#f28b8b', ' opacity="0.6"');

function robotToy(p: string): string {
  return (
    shadow(0, 0, 70, 0.2) +
    rect(-38, -44, 26, 44, '#3f8f98', ' rx="8"') +
    rect(12, -44, 26, 44, '#3f8f98', ' rx="8"') +
    rect(-84, -126, 24, 64, '#3f8f98', ' rx="12"') +
    rect(60, -126, 24, 64, '#3f8f98', ' rx="12"') +
    circle(-72, -58, 12, '#d4a024') +
    circle(72, -58, 12, '#d4a024') +
    rect(-60, -134, 120, 96, `url(#${p}robot)`, ' rx="18"') +
    rect(-32, -116, 64, 40, '#e8f4f5', ' rx="8"') +
    circle(-14, -96, 7, '#f0a35e') +
    circle(8, -96, 7, '#d94f4f') +
    rect(-26, -70, 52, 8, '#2c6e76', ' rx="4"') +
    rect(-14, -146, 28, 16, '#3f8f98', ' rx="4"') +
    rect(-70, -236, 140, 96, `url(#${p}robotHead)`, ' rx="26"') +
    rect(-54, -222, 108, 68, '#17393d', ' rx="18"') +
    circle(-22, -194, 11, '#7ff0ff') +
    circle(22, -194, 11, '#7ff0ff') +
    `<path d="M-14 -172Q0 -162 14 -172" stroke="#7ff0ff" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    rect(-3, -262, 6, 28, '#3f8f98') +
    circle(0, -266, 11, '#f0a35e') +
    rect(-84, -204, 16, 36, '#d4a024', ' rx="6"') +
    rect(68, -204, 16, 36, '#d4a024', ' rx="6"') +
    gloss(-38, -222, 18, 7)
  );
}

function astronautToy(p: string): string {
  return (
    shadow(0, 0, 70, 0.2) +
    rect(-66, -150, 132, 100, '#c9ccd8', ' rx="20"') +
    rect(-44, -40, 36, 40, '#e4e6ee', ' rx="10"') +
    rect(8, -40, 36, 40, '#e4e6ee', ' rx="10"') +
    rect(-46, -12, 40, 12, '#f0a35e', ' rx="6"') +
    rect(6, -12, 40, 12, '#f0a35e', ' rx="6"') +
    rect(-54, -130, 108, 100, `url(#${p}suit)`, ' rx="30"') +
    rect(-86, -124, 30, 72, `url(#${p}suit)`, ' rx="15"') +
    rect(56, -124, 30, 72, `url(#${p}suit)`, ' rx="15"') +
    circle(-71, -52, 14, '#f0a35e') +
    circle(71, -52, 14, '#f0a35e') +
    rect(-26, -104, 52, 34, '#dfe3f3', ' rx="6"') +
    circle(-12, -87, 6, '#d94f4f') +
    circle(6, -87, 6, '#2f8a8a') +
    rect(-18, -76, 30, 3, '#8a90a8') +
    circle(0, -196, 76, `url(#${p}suit)`) +
    ellipse(0, -190, 56, 46, `url(#${p}visor)`) +
    ellipse(-18, -206, 18, 10, '#fff', ' opacity="0.55"') +
    ellipse(22, -176, 8, 5, '#f7b2c9', ' opacity="0.6"') +
    rect(-34, -132, 68, 14, '#c9ccd8', ' rx="7"') +
    gloss(-36, -244, 20, 9)
  );
}

function bearToy(): string {
  const c = '#e39aa5';
  const d = '#c77584';
  return (
    shadow(0, 0, 66, 0.2) +
    ellipse(-32, -14, 28, 18, d) +
    ellipse(32, -14, 28, 18, d) +
    ellipse(0, -70, 62, 68, c) +
    ellipse(0, -62, 38, 44, '#f7e4e1') +
    ellipse(-60, -84, 18, 34, d, ' transform="rotate(20 -60 -84)"') +
    ellipse(60, -84, 18, 34, d, ' transform="rotate(-20 60 -84)"') +
    circle(-58, -212, 26, c) +
    circle(58, -212, 26, c) +
    circle(-58, -212, 14, '#f7e4e1') +
    circle(58, -212, 14, '#f7e4e1') +
    circle(0, -164, 74, c) +
    ellipse(0, -140, 32, 24, '#f7e4e1') +
    eyes(0, -172, 56, 10) +
    ellipse(0, -150, 10, 7, '#4a2a2a') +
    `<path d="M0 -143V-134M-10 -130Q0 -124 0 -134Q0 -124 10 -130" stroke="#4a2a2a" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    cheeks(0, -150, 88) +
    gloss(-34, -210, 20, 9)
  );
}

function dinoToy(): string {
  const c = '#6fbf73';
  const d = '#4a9a55';
  return (
    shadow(0, 0, 80, 0.2) +
    `<path d="M40 -40Q110 -30 120 -90Q90 -50 40 -70Z" fill="${d}"/>` +
    [
      [-34, -228],
      [-10, -240],
      [16, -236],
      [40, -220],
      [56, -194],
      [64, -160],
      [62, -124],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x! - 12} ${y! + 8}L${x} ${y! - 14}L${x! + 12} ${y! + 8}Z" fill="#f2b84b" transform="rotate(${f((x! + 10) * 0.7)} ${x} ${y})"/>`,
      )
      .join('') +
    ellipse(-28, -14, 26, 16, d) +
    ellipse(28, -14, 26, 16, d) +
    ellipse(0, -78, 58, 72, c) +
    ellipse(0, -70, 36, 52, '#eaf5d8') +
    [-96, -78, -60]
      .map((y) => `<path d="M-30 ${y}Q0 ${y + 6} 30 ${y}" stroke="#b9d8a0" stroke-width="3" fill="none"/>`)
      .join('') +
    ellipse(-54, -104, 14, 24, d, ' transform="rotate(30 -54 -104)"') +
    ellipse(54, -104, 14, 24, d, ' transform="rotate(-30 54 -104)"') +
    ellipse(0, -176, 72, 62, c) +
    eyes(0, -186, 60, 10) +
    ellipse(0, -150, 30, 8, '#3e7a44', ' opacity="0.35"') +
    `<path d="M-16 -150Q0 -138 16 -150" stroke="#2d5a32" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    cheeks(0, -160, 92) +
    gloss(-30, -214, 20, 9)
  );
}

function catToy(): string {
  const c = '#a98fd6';
  const d = '#8a6fbd';
  return (
    shadow(0, 0, 64, 0.2) +
    `<path d="M44 -20Q100 -20 96 -90Q94 -120 76 -118Q84 -60 40 -50Z" fill="${d}"/>` +
    ellipse(-26, -10, 24, 14, d) +
    ellipse(26, -10, 24, 14, d) +
    ellipse(0, -66, 54, 60, c) +
    ellipse(0, -60, 30, 38, '#f3edfa') +
    `<path d="M-66 -178L-62 -262L-10 -226Z" fill="${c}"/><path d="M66 -178L62 -262L10 -226Z" fill="${c}"/>` +
    `<path d="M-56 -196L-56 -244L-24 -222Z" fill="#f7c6d3"/><path d="M56 -196L56 -244L24 -222Z" fill="#f7c6d3"/>` +
    ellipse(0, -170, 80, 66, c) +
    eyes(0, -178, 62, 12) +
    `<path d="M-6 -158L6 -158L0 -151Z" fill="#e06a8a"/><path d="M0 -151Q-8 -142 -14 -147M0 -151Q8 -142 14 -147" stroke="#4a3a5a" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<path d="M-40 -160L-88 -166M-40 -152L-86 -148M40 -160L88 -166M40 -152L86 -148" stroke="#4a3a5a" stroke-width="2.5" stroke-linecap="round"/>` +
    cheeks(0, -156, 94) +
    gloss(-36, -212, 20, 9)
  );
}

function bunnyToy(): string {
  const c = '#fbf3e6';
  const d = '#e8dcc6';
  return (
    shadow(0, 0, 62, 0.2) +
    ellipse(-24, -10, 24, 14, d) +
    ellipse(24, -10, 24, 14, d) +
    ellipse(0, -64, 52, 60, c) +
    rect(-52, -120, 104, 22, '#f0a35e', ' rx="11"') +
    `<path d="M20 -108L44 -60L22 -64Z" fill="#e08a3e"/>` +
    ellipse(-34, -252, 20, 62, c, ' transform="rotate(-10 -34 -252)"') +
    ellipse(34, -252, 20, 62, c, ' transform="rotate(10 34 -252)"') +
    ellipse(-34, -250, 9, 46, '#f7c6d3', ' transform="rotate(-10 -34 -250)"') +
    ellipse(34, -250, 9, 46, '#f7c6d3', ' transform="rotate(10 34 -250)"') +
    ellipse(0, -170, 70, 60, c) +
    ellipse(0, -170, 70, 60, 'none', ` stroke="${d}" stroke-width="3"`) +
    eyes(0, -176, 56, 10) +
    `<path d="M-6 -156L6 -156L0 -149Z" fill="#e06a8a"/><path d="M0 -149Q-7 -141 -12 -146M0 -149Q7 -141 12 -146" stroke="#5a4a3a" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    cheeks(0, -154, 84) +
    gloss(-30, -206, 18, 8)
  );
}

/** A collector's window box with a little toy inside. */
function toyBox(p: string): string {
  return (
    shadow(0, 0, 78, 0.2) +
    rect(-72, -230, 144, 230, `url(#${p}box)`, ' rx="8"') +
    rect(-58, -200, 116, 150, '#fdf3da', ' rx="10"') +
    at(0, -58, 0.52, robotToy(p)) +
    rect(-58, -200, 116, 150, '#fff', ' rx="10" opacity="0.18"') +
    `<path d="M-50 -196L-20 -196L-54 -120Z" fill="#fff" opacity="0.35"/>` +
    rect(-44, -36, 88, 14, '#fff', ' rx="7" opacity="0.8"') +
    circle(0, -216, 8, '#fff', ' opacity="0.85"')
  );
}

function toyShelf(): string {
  const p = 'b2-';
  const defs = `<defs>${lin(
    `${p}bg`,
    [
      [0, '#ffd96a'],
      [1, '#ffb35c'],
    ],
    0,
    0,
    1,
    1,
  )}${rad(`${p}halo`, [
    [0, '#fff8e0', 0.85],
    [1, '#fff8e0', 0],
  ])}${lin(`${p}shelf`, [
    [0, '#f7e6cf'],
    [1, '#e2c59f'],
  ])}${lin(`${p}robot`, [
    [0, '#7fd0d6'],
    [1, '#4aa8b0'],
  ])}${lin(`${p}robotHead`, [
    [0, '#f4f7f8'],
    [1, '#c6d2d6'],
  ])}${lin(
    `${p}suit`,
    [
      [0, '#ffffff'],
      [1, '#dfe2ec'],
    ],
    0,
    0,
    1,
    1,
  )}${lin(
    `${p}visor`,
    [
      [0, '#34427a'],
      [1, '#1b2247'],
    ],
    0,
    0,
    1,
    1,
  )}${lin(
    `${p}box`,
    [
      [0, '#f26d6d'],
      [1, '#d44f5c'],
    ],
    0,
    0,
    1,
    1,
  )}</defs>`;
  const confetti = [
    [900, 60, '#fff', 8],
    [1020, 40, '#f26d6d', 6],
    [1180, 56, '#4aa8b0', 7],
    [1330, 36, '#fff', 6],
    [1500, 64, '#a98fd6', 8],
    [780, 180, '#fff', 5],
    [1560, 220, '#fff', 6],
    [760, 420, '#4aa8b0', 6],
    [1570, 470, '#f26d6d', 6],
    [650, 90, '#fff', 4],
  ]
    .map(([x, y, c, r]) => circle(x as number, y as number, r as number, c as string, ' opacity="0.8"'))
    .join('');
  const stars = [
    [1110, 30],
    [1420, 360],
    [820, 330],
  ]
    .map(
      ([x, y]) =>
        `<path transform="translate(${x} ${y})" d="M0 -12L3.5 -3.5L12 0L3.5 3.5L0 12L-3.5 3.5L-12 0L-3.5 -3.5Z" fill="#fff"/>`,
    )
    .join('');
  const background =
    rect(0, 0, 1600, 700, `url(#${p}bg)`) +
    circle(1180, 340, 440, `url(#${p}halo)`) +
    circle(180, 640, 220, '#fff', ' opacity="0.08"') +
    circle(420, 60, 120, '#fff', ' opacity="0.08"') +
    confetti +
    stars;
  const shelf = (y: number) =>
    rect(770, y + 20, 800, 30, '#000', ' opacity="0.08" rx="6"') +
    rect(760, y, 820, 24, `url(#${p}shelf)`, ' rx="5"') +
    rect(760, y, 820, 6, '#fff', ' rx="3" opacity="0.6"') +
    `<path d="M800 ${y + 24}L800 ${y + 44}L826 ${y + 24}ZM1540 ${y + 24}L1540 ${y + 44}L1514 ${y + 24}Z" fill="#c9a47a"/>`;
  const top = 316;
  const bottom = 618;
  return svg(
    1600,
    700,
    defs +
      background +
      shelf(top) +
      shelf(bottom) +
      at(870, top, 0.86, robotToy(p)) +
      at(1060, top, 0.86, bearToy()) +
      at(1260, top, 0.86, astronautToy(p)) +
      at(1450, top, 0.86, catToy()) +
      at(880, bottom, 0.86, dinoToy()) +
      at(1070, bottom, 0.86, bunnyToy()) +
      at(1260, bottom, 0.86, toyBox(p)) +
      at(1455, bottom, 0.8, bearToy().replaceAll('#e39aa5', '#c98a5a').replaceAll('#c77584', '#a96d42')),
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Banner 3: festive Diwali decor: brass diyas, marigold toran and a rangoli on the floor.

/** A marigold flower head. */
const marigold = (x: number, y: number, r: number, p: string, deep: boolean) =>
  circle(x, y, r, `url(#${p}${deep ? 'mariDeep' : 'mari'})`) +
  circle(x - r * 0.2, y - r * 0.25, r * 0.35, '#fff3a0', ' opacity="0.35"');

/** A flame with its glow, the flame's base at (x, y). */
const flame = (x: number, y: number, size: number, p: string, glow = 3.2) =>
  circle(x, y - size * 0.45, size * glow, `url(#${p}glow)`) +
  `<path transform="translate(${f(x)} ${f(y)}) scale(${f(size / 40)})" d="M0 0C-11 -2 -12 -18 0 -44C12 -18 11 -2 0 0Z" fill="url(#${p}flame)"/>` +
  ellipse(x, y - size * 0.22, size * 0.12, size * 0.22, '#fffbe8');

/** A brass diya standing on (x, y): a shallow bowl pinched into a spout on the right, where the flame burns. */
const diya = (x: number, y: number, scale: number, p: string) =>
  `<g transform="translate(${f(x)} ${f(y)}) scale(${scale})">${shadow(4, 0, 60, 0.35)}${ellipse(0, -4, 20, 6, '#7a4a10')}<path d="M-50 -30C-48 -8 -24 -6 0 -6C24 -6 46 -14 62 -36Z" fill="url(#${p}brass)"/><path d="M-50 -30C-50 -42 -20 -46 6 -44C30 -42 50 -40 62 -36C48 -28 30 -20 6 -19C-20 -18 -50 -20 -50 -30Z" fill="#e8b44a"/><path d="M-42 -30C-42 -38 -18 -40 4 -38C26 -36 42 -36 50 -35C40 -30 26 -25 4 -24C-18 -23 -42 -24 -42 -30Z" fill="#6a3e0c"/><path d="M-36 -18Q0 -10 40 -20" stroke="#fff2b0" stroke-width="3" stroke-dasharray="2 7" stroke-linecap="round" fill="none" opacity="0.8"/></g>` +
  flame(x + 52 * scale, y - 36 * scale, 34 * scale, p, 2.6);

/** A mango leaf hanging from (x, y). */
const mangoLeaf = (x: number, y: number, length: number, angle: number) =>
  leaf(x, y, length, angle, '#3f7a3a', 0.28) +
  `<path d="M${f(x)} ${f(y)}l${f(Math.cos((angle * Math.PI) / 180) * length * 0.9)} ${f(Math.sin((angle * Math.PI) / 180) * length * 0.9)}" stroke="#7fae5a" stroke-width="1.5"/>`;

function diwali(): string {
  const p = 'b3-';
  const defs = `<defs>${lin(`${p}wall`, [
    [0, '#2a0c2a'],
    [0.7, '#4e1530'],
    [1, '#641c2c'],
  ])}${lin(`${p}floor`, [
    [0, '#5a1c16'],
    [1, '#33100c'],
  ])}${rad(`${p}glow`, [
    [0, '#fff2b0', 0.75],
    [0.3, '#ffb840', 0.3],
    [1, '#ff8a20', 0],
  ])}${rad(`${p}warm`, [
    [0, '#ff9a3c', 0.35],
    [1, '#ff9a3c', 0],
  ])}${lin(
    `${p}flame`,
    [
      [0, '#fff6b0'],
      [0.5, '#ffc238'],
      [1, '#ff6a1a'],
    ],
    0,
    1,
    0,
    0,
  )}${lin(
    `${p}brass`,
    [
      [0, '#ffe08a'],
      [0.45, '#d9a133'],
      [1, '#8a5a14'],
    ],
    0,
    0,
    0,
    1,
  )}${lin(
    `${p}brassH`,
    [
      [0, '#8a5a14'],
      [0.4, '#ffe08a'],
      [0.6, '#d9a133'],
      [1, '#7a4a10'],
    ],
    0,
    0,
    1,
    0,
  )}${rad(`${p}mari`, [
    [0, '#ffd23a'],
    [0.7, '#ffb000'],
    [1, '#e88a00'],
  ])}${rad(`${p}mariDeep`, [
    [0, '#ffa43a'],
    [0.7, '#f07a10'],
    [1, '#c85a00'],
  ])}${lin(`${p}arch`, [
    [0, '#5e1a3a'],
    [1, '#7a2436'],
  ])}</defs>`;
  const bokeh = [
    [120, 120, 30],
    [260, 300, 18],
    [420, 160, 24],
    [80, 420, 20],
    [560, 360, 14],
    [340, 470, 26],
    [640, 220, 12],
  ]
    .map(([x, y, r]) => circle(x!, y!, r!, '#ffb85a', ' opacity="0.05"'))
    .join('');
  const room =
    rect(0, 0, 1600, 700, `url(#${p}wall)`) +
    bokeh +
    // an arched niche behind the scene
    `<path d="M880 500V260C880 150 990 96 1110 96C1230 96 1340 150 1340 260V500Z" fill="url(#${p}arch)"/>` +
    `<path d="M880 500V260C880 150 990 96 1110 96C1230 96 1340 150 1340 260V500" fill="none" stroke="#d9a133" stroke-width="6" opacity="0.5"/>` +
    ellipse(1110, 470, 560, 300, `url(#${p}warm)`) +
    rect(0, 500, 1600, 200, `url(#${p}floor)`) +
    rect(0, 492, 1600, 10, '#7a2a22');
  // Rangoli, drawn flat and squashed into perspective.
  const ring = (count: number, radius: number, length: number, colour: string, width: number, offset = 0) =>
    Array.from({ length: count }, (_, i) => {
      const a = (360 / count) * i + offset;
      const r = (a * Math.PI) / 180;
      return leaf(Math.cos(r) * radius, Math.sin(r) * radius, length, a, colour, width);
    }).join('');
  const dots = (count: number, radius: number, r: number, colour: string) =>
    Array.from({ length: count }, (_, i) => {
      const a = ((2 * Math.PI) / count) * i;
      return circle(Math.cos(a) * radius, Math.sin(a) * radius, r, colour);
    }).join('');
  const rangoli = `<g transform="translate(1100 598) scale(1 0.28)">${circle(0, 0, 300, '#000', ' opacity="0.12"')}${dots(36, 292, 7, '#fff6e0')}${ring(16, 170, 118, '#e0307a', 0.42)}${ring(16, 170, 90, '#ff8fb8', 0.3)}${circle(0, 0, 176, '#2a9a8a')}${ring(12, 70, 96, '#ffc21a', 0.5, 15)}${circle(0, 0, 150, 'none', ' stroke="#fff6e0" stroke-width="6" stroke-dasharray="4 14"')}${circle(0, 0, 78, '#f06a1a')}${ring(8, 0, 70, '#fff0c0', 0.45)}${circle(0, 0, 22, '#b01e5a')}${circle(0, 0, 8, '#fff6e0')}</g>`;
  // Toran: swags of marigolds with mango leaves and hanging strands.
  const swags: [number, number][] = [
    [640, 980],
    [980, 1300],
    [1300, 1620],
  ];
  const toran = swags
    .map(([from, to]) => {
      const n = Math.round((to - from) / 20);
      let out = '';
      for (let i = 0; i <= n; i++) {
        const t = i / n;
        const x = from + (to - from) * t;
        const y = 26 + 70 * Math.sin(Math.PI * t);
        if (i % 3 === 1) out += mangoLeaf(x, y + 8, 46, 80 + (i % 2 ? 10 : -10));
        out += marigold(x, y, 14, p, i % 2 === 0);
      }
      return out;
    })
    .join('');
  const strand = (x: number, length: number) => {
    let out = `<line x1="${x}" y1="20" x2="${x}" y2="${20 + length}" stroke="#7a3a10" stroke-width="2"/>`;
    for (let y = 30; y <= length; y += 22) out += marigold(x, y, 12, p, (y / 22) % 2 < 1);
    out +=
      `<path d="M${x - 10} ${length + 30}L${x + 10} ${length + 30}L${x + 4} ${length + 56}L${x - 4} ${length + 56}Z" fill="#e0307a"/>` +
      circle(x, length + 26, 8, `url(#${p}brass)`);
    return out;
  };
  const strands = strand(980, 150) + strand(1300, 190) + strand(1560, 130) + strand(660, 80);
  const bar = rect(620, 12, 980, 10, `url(#${p}brassH)`, ' rx="5"');
  // A brass lamp stand (samai) with five flames.
  const samai = (x: number, y: number) =>
    shadow(x, y, 90, 0.35) +
    ellipse(x, y - 8, 80, 16, '#8a5a14') +
    `<path d="M${x - 80} ${y - 8}C${x - 60} ${y - 44} ${x + 60} ${y - 44} ${x + 80} ${y - 8}Z" fill="url(#${p}brassH)"/>` +
    rect(x - 9, y - 250, 18, 220, `url(#${p}brassH)`) +
    [y - 80, y - 150, y - 210].map((ky) => ellipse(x, ky, 20, 9, `url(#${p}brassH)`)).join('') +
    `<path d="M${x - 96} ${y - 262}C${x - 70} ${y - 236} ${x + 70} ${y - 236} ${x + 96} ${y - 262}Z" fill="url(#${p}brassH)"/>` +
    ellipse(x, y - 262, 96, 14, '#5a3a10') +
    ellipse(x, y - 263, 88, 10, '#c98a2a') +
    `<path d="M${x} ${y - 270}C${x - 18} ${y - 300} ${x - 8} ${y - 330} ${x + 4} ${y - 344}C${x + 22} ${y - 330} ${x + 14} ${y - 300} ${x} ${y - 270}Z" fill="url(#${p}brassH)"/>` +
    [-84, -48, 48, 84].map((dx) => flame(x + dx, y - 262 - (Math.abs(dx) > 60 ? 2 : 8), 22, p, 2.6)).join('');
  // Diyas around the rangoli, sorted back to front.
  const diyas = [
    [800, 616, 1.15],
    [1400, 626, 1.15],
    [950, 542, 0.95],
    [1260, 542, 0.95],
    [900, 682, 1.3],
    [1290, 688, 1.3],
  ]
    .sort((a, b) => a[1]! - b[1]!)
    .map(([x, y, sc]) => diya(x!, y!, sc!, p))
    .join('');
  const petals = [
    [760, 640, '#ffb000'],
    [770, 660, '#f07a10'],
    [1450, 650, '#ffb000'],
    [1470, 630, '#e0307a'],
    [1000, 690, '#f07a10'],
    [1230, 694, '#ffb000'],
  ]
    .map(([x, y, c]) => ellipse(x as number, y as number, 7, 3.5, c as string))
    .join('');
  return svg(1600, 700, defs + room + bar + toran + strands + rangoli + petals + samai(1486, 560) + diyas);
}

export function promoBannerSvg(index: 0 | 1 | 2 | 3): string {
  switch (index) {
    case 1:
      return eveningLighting();
    case 2:
      return toyShelf();
    case 3:
      return diwali();
    default:
      return livingRoom();
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Snapshots (1200 x 900).

/** A heart-shaped leaf (pothos) with its stalk at (x, y), pointing along angle degrees (0 = up). */
const heartLeaf = (x: number, y: number, size: number, angle: number, fill: string) =>
  `<path transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)}) scale(${f(size / 10)})" d="M0 0C-6 -2 -7 -9 -3 -11C-1 -12 0 -11 0 -10C0 -11 1 -12 3 -11C7 -9 6 -2 0 0Z" fill="${fill}"/>`;

/** A candle flame with glow, its base at (x, y). */
const candleFlame = (x: number, y: number, size: number, glow: string) =>
  circle(x, y - size * 0.5, size * 2.6, `url(#${glow})`) +
  `<path d="M${f(x)} ${f(y)}c${f(-size * 0.3)} 0 ${f(-size * 0.34)} ${f(-size * 0.5)} 0 ${f(-size)}c${f(size * 0.34)} ${f(size * 0.5)} ${f(size * 0.3)} ${f(size)} 0 ${f(size)}Z" fill="#ffc84a"/>` +
  ellipse(x, y - size * 0.3, size * 0.1, size * 0.2, '#fffbe0');

/** A pillar candle standing on (x, y). */
const pillarCandle = (x: number, y: number, width: number, height: number, wax: string, glow: string) =>
  rect(x - width / 2, y - height, width, height, wax, ` rx="${f(width * 0.12)}"`) +
  rect(x - width / 2, y - height, width * 0.3, height, '#fff', ' opacity="0.25"') +
  ellipse(x, y - height, width / 2, width * 0.1, '#fffaf0') +
  rect(x - 1.5, y - height - 10, 3, 10, '#3a2a20') +
  candleFlame(x, y - height - 8, width * 0.32, glow);

function styledShelf(): string {
  const p = 's0-';
  const defs = `<defs>${lin(`${p}wall`, [
    [0, '#e9efe3'],
    [1, '#d3dfcc'],
  ])}${lin(`${p}plank`, [
    [0, '#dcb98e'],
    [1, '#b3855a'],
  ])}${lin(`${p}board`, [
    [0, '#8a5e3e'],
    [1, '#6a4630'],
  ])}${rad(`${p}glow`, [
    [0, '#fff2c0', 0.8],
    [0.35, '#ffd98a', 0.3],
    [1, '#ffd98a', 0],
  ])}${lin(
    `${p}cream`,
    [
      [0, '#fbf6ee'],
      [0.6, '#efe6d8'],
      [1, '#d8ccb8'],
    ],
    0,
    0,
    1,
    0,
  )}${lin(
    `${p}terra`,
    [
      [0, '#d8794a'],
      [0.6, T.base],
      [1, '#9a4a28'],
    ],
    0,
    0,
    1,
    0,
  )}${lin(
    `${p}indigo`,
    [
      [0, '#4a5a9a'],
      [0.6, I.base],
      [1, I.dark],
    ],
    0,
    0,
    1,
    0,
  )}${lin(
    `${p}sage`,
    [
      [0, '#a3b89e'],
      [0.6, S.base],
      [1, '#5e7a5a'],
    ],
    0,
    0,
    1,
    0,
  )}${lin(
    `${p}glass`,
    [
      [0, '#fff', 0.5],
      [1, '#e9dcc4', 0.5],
    ],
    0,
    0,
    1,
    0,
  )}${lin(
    `${p}stone`,
    [
      [0, '#d0ccc4'],
      [1, '#9e9890'],
    ],
    0,
    0,
    1,
    0,
  )}${rad(`${p}light`, [
    [0, '#fff', 0.6],
    [1, '#fff', 0],
  ])}</defs>`;
  const wall = rect(0, 0, 1200, 900, `url(#${p}wall)`) + ellipse(700, 300, 600, 400, `url(#${p}light)`);
  const shelf = (y: number) =>
    rect(170, y + 18, 860, 22, '#3e5240', ' opacity="0.12" rx="8"') +
    rect(150, y, 900, 28, `url(#${p}plank)`, ' rx="4"') +
    rect(150, y, 900, 5, '#f0d8b4', ' rx="2"');
  const top = 340;
  const mid = 620;
  const board = 832;
  // Top shelf: a trailing pothos, books with a brass bowl, pampas in a tall vase, a moon vase and a jar candle.
  const greens = ['#5e9a4a', '#4a8a3e', '#78b25e'];
  const vines = [
    [196, 120, -24],
    [226, 150, -6],
    [256, 100, 10],
    [284, 70, 22],
  ]
    .map(([x0, drop, sway], v) => {
      let out = `<path d="M${x0} ${top - 60}Q${x0! + sway!} ${top + 10} ${x0! + sway! * 0.5} ${top + drop!}" stroke="#4e7a3e" stroke-width="3" fill="none"/>`;
      for (let i = 0; i < 5; i++) {
        const t = 0.25 + (i / 4) * 0.75;
        const x = x0! + sway! * 2 * t * (1 - t) + sway! * 0.5 * t * t;
        const y = top - 60 + 70 * 2 * t * (1 - t) + (drop! + 60) * t * t;
        out += heartLeaf(x, y, 26 - i * 1.5, i % 2 ? 150 : 210, greens[(i + v) % 3]!);
      }
      return out;
    })
    .join('');
  const pothosTop = [
    [-52, -96, -50],
    [-30, -118, -25],
    [-4, -128, 0],
    [24, -120, 20],
    [48, -100, 45],
    [-16, -104, -10],
    [12, -100, 12],
  ]
    .map(([dx, dy, a], i) => heartLeaf(240 + dx!, top + dy! + 20, 34, a!, greens[i % 3]!))
    .join('');
  const pothos =
    shadow(240, top, 60) +
    pothosTop +
    `<path d="M194 ${top - 78}L286 ${top - 78}L276 ${top}L204 ${top}Z" fill="url(#${p}cream)"/>` +
    rect(190, top - 84, 100, 12, '#e6dccb', ' rx="5"') +
    `<path d="M212 ${top - 44}H268" stroke="${T.base}" stroke-width="4" opacity="0.6"/>` +
    vines;
  const books =
    shadow(440, top, 80) +
    rect(378, top - 22, 130, 22, T.dark, ' rx="3"') +
    rect(386, top - 42, 118, 20, S.base, ' rx="3"') +
    rect(374, top - 60, 124, 18, '#efe6d8', ' rx="3"') +
    rect(380, top - 60, 4, 18, T.base) +
    `<path d="M400 ${top - 92}C404 ${top - 56} 466 ${top - 56} 470 ${top - 92}Z" fill="url(#${p}terra)"/>` +
    ellipse(435, top - 92, 35, 6, '#9a4a28') +
    circle(425, top - 98, 10, M.base) +
    circle(446, top - 96, 9, '#f0a35e');
  const plumes = [
    [-26, -250, -14],
    [6, -276, 4],
    [30, -240, 18],
    [-8, -224, -6],
    [18, -262, 12],
  ]
    .map(
      ([dx, dy, a]) =>
        `<path d="M600 ${top - 140}Q${600 + dx! * 0.5} ${top + dy! * 0.5 - 40} ${600 + dx!} ${top + dy! + 40}" stroke="#b89a6a" stroke-width="2" fill="none"/>${ellipse(600 + dx!, top + dy!, 16, 44, '#efdcbc', ` transform="rotate(${a} ${600 + dx!} ${top + dy!})" opacity="0.9"`)}${ellipse(600 + dx! - 4, top + dy! - 6, 8, 30, '#fff6e6', ` transform="rotate(${a} ${600 + dx!} ${top + dy!})" opacity="0.7"`)}`,
    )
    .join('');
  const pampas =
    plumes +
    shadow(600, top, 40) +
    `<path d="M586 ${top - 150}L614 ${top - 150}L612 ${top - 110}C640 ${top - 80} 640 ${top} 600 ${top}C560 ${top} 560 ${top - 80} 588 ${top - 110}Z" fill="url(#${p}terra)"/>` +
    ellipse(600, top - 150, 14, 4, '#9a4a28');
  const moonVase =
    shadow(780, top, 64) +
    `<path d="M764 ${top - 150}L796 ${top - 150}L794 ${top - 124}C846 ${top - 112} 850 ${top - 6} 800 ${top}L760 ${top}C710 ${top - 6} 714 ${top - 112} 766 ${top - 124}Z" fill="url(#${p}indigo)"/>` +
    `<path d="M738 ${top - 70}Q780 ${top - 92} 822 ${top - 70}M734 ${top - 50}Q780 ${top - 72} 826 ${top - 50}" stroke="#dfe3f3" stroke-width="3" fill="none" opacity="0.6"/>` +
    [740, 760, 780, 800, 820].map((x) => circle(x, top - 30, 3.5, '#d9a441')).join('') +
    ellipse(780, top - 150, 16, 4, I.dark);
  const jar =
    shadow(940, top, 46) +
    candleFlame(940, top - 66, 16, `${p}glow`) +
    rect(904, top - 90, 72, 90, `url(#${p}glass)`, ' rx="10"') +
    rect(908, top - 56, 64, 52, '#f6efe2', ' rx="6"') +
    rect(910, top - 86, 8, 76, '#fff', ' rx="4" opacity="0.6"') +
    rect(930, top - 36, 20, 16, S.base, ' rx="2" opacity="0.7"');
  // Middle shelf: pillar candles, a leaning print, a ribbed vase with eucalyptus and a succulent.
  const candles =
    shadow(480, mid, 110) +
    pillarCandle(430, mid, 58, 150, `url(#${p}cream)`, `${p}glow`) +
    pillarCandle(500, mid, 58, 104, `url(#${p}cream)`, `${p}glow`) +
    pillarCandle(558, mid, 50, 70, '#f2d4c4', `${p}glow`);
  const print =
    shadow(730, mid, 90) +
    `<g transform="rotate(-4 730 ${mid})">${rect(650, mid - 214, 160, 214, '#3a2a20')}${rect(660, mid - 204, 140, 194, '#fbf6ee')}<path d="M690 ${mid - 40}V${mid - 120}A40 40 0 0 1 770 ${mid - 120}V${mid - 40}Z" fill="${T.base}"/>${circle(746, mid - 160, 16, M.base)}<path d="M678 ${mid - 40}H782" stroke="${T.dark}" stroke-width="4"/></g>`;
  const euca = [
    [-80, -70],
    [-40, -96],
    [10, -104],
    [60, -84],
    [90, -40],
    [-60, -30],
  ]
    .map(([dx, dy]) => {
      const x0 = 930;
      const y0 = mid - 140;
      let out = `<path d="M${x0} ${y0}Q${x0 + dx! * 0.3} ${y0 + dy! * 0.6} ${x0 + dx!} ${y0 + dy!}" stroke="#6a7a6a" stroke-width="3" fill="none"/>`;
      for (let i = 1; i <= 4; i++) {
        const t = i / 4.5;
        const x = x0 + dx! * 0.3 * 2 * t * (1 - t) + dx! * t * t;
        const y = y0 + dy! * 0.6 * 2 * t * (1 - t) + dy! * t * t;
        out += ellipse(x - 9, y, 10, 8, '#8aa89a') + ellipse(x + 9, y + 3, 10, 8, '#a3bfb0');
      }
      return out;
    })
    .join('');
  const ribbed =
    euca +
    shadow(930, mid, 70) +
    `<path d="M904 ${mid - 150}L956 ${mid - 150}L960 ${mid - 124}C998 ${mid - 94} 996 ${mid - 8} 968 ${mid}L892 ${mid}C864 ${mid - 8} 862 ${mid - 94} 900 ${mid - 124}Z" fill="url(#${p}sage)"/>` +
    [882, 906, 930, 954, 978]
      .map(
        (x) =>
          `<path d="M${x} ${mid - 112}Q${x + (x - 930) * 0.25} ${mid - 56} ${x} ${mid - 4}" stroke="#5e7a5a" stroke-width="3" fill="none" opacity="0.45"/>`,
      )
      .join('') +
    ellipse(930, mid - 150, 26, 6, '#5e7a5a');
  const succulent =
    shadow(250, mid, 60) +
    [-56, 56, -36, 36, -18, 18, 0]
      .map((dx, i) =>
        leaf(250, mid - 86, 56 - Math.abs(dx) * 0.2, -90 + dx * 1.4, ['#7fa88a', '#96bea0', '#6a9a7a'][i % 3]!, 0.5),
      )
      .join('') +
    `<path d="M200 ${mid - 90}L300 ${mid - 90}L288 ${mid}L212 ${mid}Z" fill="url(#${p}stone)"/>` +
    rect(196, mid - 96, 108, 12, '#c4beb4', ' rx="4"');
  // Sideboard at the bottom with a brass tray of tealights.
  const sideboard =
    rect(80, board, 1040, 24, `url(#${p}plank)`, ' rx="4"') +
    rect(96, board + 24, 1008, 60, `url(#${p}board)`) +
    rect(96, board + 24, 1008, 6, '#000', ' opacity="0.15"') +
    [360, 600, 840].map((x) => rect(x, board + 24, 3, 60, '#4a3020')).join('') +
    ellipse(600, board - 2, 180, 14, '#000', ' opacity="0.12"') +
    ellipse(600, board - 8, 170, 18, '#b8862e') +
    ellipse(600, board - 12, 160, 14, '#e0b45a') +
    [520, 600, 680]
      .map(
        (x) =>
          rect(x - 22, board - 34, 44, 24, '#f4efe6', ' rx="4"') +
          rect(x - 1.5, board - 44, 3, 10, '#3a2a20') +
          candleFlame(x, board - 42, 14, `${p}glow`),
      )
      .join('') +
    `<path d="M262 ${board - 150}L298 ${board - 150}L294 ${board - 110}C340 ${board - 90} 336 ${board - 10} 310 ${board}L250 ${board}C224 ${board - 10} 220 ${board - 90} 266 ${board - 110}Z" fill="url(#${p}terra)"/>` +
    ellipse(280, board - 150, 20, 5, '#9a4a28') +
    `<path d="M236 ${board - 60}Q280 ${board - 76} 324 ${board - 60}" stroke="${T.light}" stroke-width="4" fill="none" opacity="0.7"/>` +
    [
      [-34, -90, -14],
      [-14, -112, -5],
      [8, -122, 3],
      [28, -104, 11],
      [44, -80, 20],
      [-46, -70, -22],
    ]
      .map(
        ([dx, h, a], i) =>
          `<path transform="translate(${1000 + dx!} ${board - 90}) rotate(${a})" d="M-11 0C-12 ${h! * 0.5} -4 ${h! * 0.9} 0 ${h}C4 ${h! * 0.9} 12 ${h! * 0.5} 11 0Z" fill="${i % 2 ? '#3e6a3e' : '#5a8a4a'}"/><path transform="translate(${1000 + dx!} ${board - 90}) rotate(${a})" d="M-7 0C-8 ${h! * 0.5} -3 ${h! * 0.85} 0 ${h! * 0.96}" stroke="#c8d89a" stroke-width="2" fill="none"/>`,
      )
      .join('') +
    `<path d="M940 ${board - 100}L1060 ${board - 100}L1044 ${board}L956 ${board}Z" fill="#d2aa72"/>` +
    [0, 1, 2, 3]
      .map(
        (i) => `<path d="M${943 + i * 4} ${board - 78 + i * 22}H${1057 - i * 4}" stroke="#a98048" stroke-width="4"/>`,
      )
      .join('');
  return svg(
    1200,
    900,
    defs +
      wall +
      shelf(top) +
      shelf(mid) +
      pothos +
      books +
      pampas +
      moonVase +
      jar +
      candles +
      print +
      ribbed +
      succulent +
      sideboard,
  );
}

function readingCorner(): string {
  const p = 's1-';
  const floorY = 720;
  const defs = `<defs>${lin(`${p}wall`, [
    [0, '#f8e9dc'],
    [1, '#efd3bd'],
  ])}${lin(`${p}floor`, [
    [0, '#b88a60'],
    [1, '#8a5e3e'],
  ])}${lin(`${p}chair`, [
    [0, '#e7b43e'],
    [1, '#b8860b'],
  ])}${lin(`${p}chairSide`, [
    [0, '#c9951c'],
    [1, '#946a06'],
  ])}${lin(`${p}seat`, [
    [0, '#f0c154'],
    [1, '#c9951c'],
  ])}${rad(`${p}glow`, [
    [0, '#fff4cc', 0.9],
    [0.35, '#ffdc90', 0.4],
    [1, '#ffd080', 0],
  ])}${lin(
    `${p}shade`,
    [
      [0, '#fff6de'],
      [1, '#f3d29a'],
    ],
    0,
    0,
    1,
    0,
  )}${lin(`${p}rug`, [
    [0, '#e9dcc8'],
    [1, '#d6c2a6'],
  ])}${lin(`${p}pouf`, [
    [0, '#5f76b0'],
    [1, I.base],
  ])}${lin(
    `${p}wood`,
    [
      [0, '#8a5e3e'],
      [1, '#5e3d28'],
    ],
    0,
    0,
    1,
    0,
  )}</defs>`;
  const room =
    rect(0, 0, 1200, 900, `url(#${p}wall)`) +
    ellipse(220, 330, 300, 260, `url(#${p}glow)`) +
    rect(0, floorY, 1200, 180, `url(#${p}floor)`) +
    rect(0, floorY - 12, 1200, 14, '#fbf5ec') +
    [0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<line x1="${i * 240 - 260}" y1="900" x2="${i * 200 - 40}" y2="${floorY}" stroke="#6e4a30" stroke-width="2" opacity="0.3"/>`,
      )
      .join('') +
    ellipse(560, 800, 430, 70, `url(#${p}rug)`) +
    ellipse(560, 800, 400, 58, 'none', ` stroke="${T.base}" stroke-width="5" opacity="0.45"`) +
    ellipse(560, 800, 370, 48, 'none', ` stroke="${T.base}" stroke-width="2" stroke-dasharray="10 10" opacity="0.45"`);
  // A gallery wall of framed prints.
  const sunset =
    rect(0, 0, 100, 100, '#f6d7b0') +
    circle(50, 52, 22, T.base) +
    `<path d="M0 70Q50 56 100 70V100H0Z" fill="${T.dark}"/>`;
  const botanical =
    rect(0, 0, 100, 100, S.light) +
    `<path d="M50 96V10" stroke="${S.dark}" stroke-width="2"/>` +
    [20, 36, 52, 68]
      .map(
        (y, i) =>
          leaf(50, y + 10, 30 - i * 2, i % 2 ? -30 : -150, S.base, 0.4) +
          leaf(50, y + 16, 28 - i * 2, i % 2 ? -150 : -30, '#9ab494', 0.4),
      )
      .join('');
  const arches =
    rect(0, 0, 100, 100, '#fbefe6') +
    `<path d="M20 90V50A30 30 0 0 1 80 50V90Z" fill="${B.base}"/><path d="M35 90V60A15 15 0 0 1 65 60V90Z" fill="${M.base}"/>`;
  const lines =
    rect(0, 0, 100, 100, I.light) +
    [30, 50, 70]
      .map((y) => `<path d="M10 ${y}Q30 ${y - 14} 50 ${y}T90 ${y}" stroke="${I.base}" stroke-width="4" fill="none"/>`)
      .join('');
  const gallery =
    frame(410, 50, 190, 150, sunset, '#3a2a20') +
    frame(620, 40, 120, 170, botanical, '#c59a5c') +
    frame(410, 220, 110, 90, arches, '#c59a5c') +
    frame(540, 230, 200, 80, lines, '#3a2a20');
  // A tripod floor lamp on the left.
  const lamp =
    shadow(220, floorY + 4, 90, 0.2) +
    `<path d="M220 420L160 ${floorY}M220 420L280 ${floorY}M220 420L224 ${floorY + 10}" stroke="#5e3d28" stroke-width="9" stroke-linecap="round"/>` +
    rect(215, 380, 10, 60, '#3a2a20') +
    `<path d="M150 260L290 260L310 390L130 390Z" fill="url(#${p}shade)"/>` +
    ellipse(220, 390, 90, 8, '#fff8e4') +
    ellipse(220, 398, 120, 30, '#ffe4a0', ' opacity="0.25"');
  // The armchair with a cushion, a throw and an open book.
  const chair =
    shadow(560, floorY + 6, 240, 0.25) +
    `<path d="M420 680L408 ${floorY + 14}L422 ${floorY + 14}L440 680ZM700 680L712 ${floorY + 14}L698 ${floorY + 14}L680 680Z" fill="#4a3020"/>` +
    `<path d="M430 600C420 470 420 360 470 330C520 306 600 306 650 330C700 360 700 470 690 600Z" fill="url(#${p}chair)"/>` +
    [500, 560, 620].map((x) => `<path d="M${x} 330V590" stroke="#b8860b" stroke-width="3" opacity="0.45"/>`).join('') +
    rect(400, 560, 320, 110, `url(#${p}chairSide)`, ' rx="26"') +
    rect(420, 550, 280, 56, `url(#${p}seat)`, ' rx="22"') +
    rect(358, 470, 86, 206, `url(#${p}chairSide)`, ' rx="38"') +
    rect(676, 470, 86, 206, `url(#${p}chairSide)`, ' rx="38"') +
    rect(366, 476, 70, 26, '#f6d27a', ' rx="13" opacity="0.55"') +
    rect(684, 476, 70, 26, '#f6d27a', ' rx="13" opacity="0.55"') +
    `<g transform="translate(560 500) rotate(-6)"><path d="M-72 -62Q0 -48 72 -62Q60 0 72 62Q0 48 -72 62Q-60 0 -72 -62Z" fill="${B.base}"/>${circle(0, 0, 30, B.light)}${circle(0, 0, 14, B.dark, ' opacity="0.7"')}<path d="M-72 62Q0 48 72 62Q64 40 68 30Q0 44 -68 30Z" fill="${B.dark}" opacity="0.3"/></g>` +
    // a striped throw over the left arm
    `<path d="M356 500C380 480 430 478 446 500L452 660C430 690 380 690 352 668Z" fill="#fbf3e6"/>` +
    [530, 570, 610, 650]
      .map((y) => `<path d="M354 ${y}Q400 ${y + 12} 450 ${y}" stroke="${T.base}" stroke-width="8" fill="none"/>`)
      .join('') +
    [362, 380, 398, 416, 434]
      .map((x) => `<path d="M${x} ${675 + (x - 398) * 0.1}v16" stroke="#e9dcc8" stroke-width="3"/>`)
      .join('') +
    // an open book on the right arm
    `<g transform="translate(720 466) rotate(8)"><path d="M-48 0Q-24 -12 0 0Q24 -12 48 0L48 10Q24 -2 0 10Q-24 -2 -48 10Z" fill="${PC.base}"/><path d="M-44 -2Q-22 -14 0 -4Q22 -14 44 -2L44 4Q22 -8 0 4Q-22 -8 -44 4Z" fill="#fff"/><path d="M-36 -6Q-20 -14 -6 -8M6 -8Q20 -14 36 -6" stroke="#c8c0b0" stroke-width="2" fill="none"/></g>`;
  // A side table with books, a mug and a small plant.
  const table =
    '<g transform="translate(-24 0)">' +
    shadow(880, floorY + 4, 100) +
    `<path d="M880 600L880 ${floorY}M840 ${floorY}H920" stroke="#5e3d28" stroke-width="10" stroke-linecap="round"/>` +
    ellipse(880, 600, 90, 16, '#5e3d28') +
    ellipse(880, 594, 90, 16, `url(#${p}wood)`) +
    rect(820, 570, 96, 16, T.dark, ' rx="3"') +
    rect(826, 554, 86, 16, M.base, ' rx="3"') +
    rect(818, 540, 92, 14, '#e8e2d6', ' rx="3"') +
    `<path d="M926 560H956V590Q941 600 926 590Z" fill="${I.base}"/>` +
    `<path d="M956 566Q970 570 956 582" stroke="${I.base}" stroke-width="5" fill="none"/>` +
    `<path d="M936 552Q930 540 938 530M946 552Q952 540 944 528" stroke="#fff" stroke-width="3" fill="none" opacity="0.6"/>` +
    leaf(862, 540, 50, -120, '#5e9a4a', 0.4) +
    leaf(866, 540, 46, -70, '#78b25e', 0.4) +
    leaf(864, 540, 40, -95, '#4a8a3e', 0.4) +
    `<path d="M848 540L880 540L876 512L852 512Z" fill="${T.base}"/></g>`;
  const pouf =
    shadow(300, 812, 110, 0.25) +
    ellipse(300, 780, 100, 34, I.dark) +
    `<path d="M200 740C200 700 400 700 400 740V780C400 820 200 820 200 780Z" fill="url(#${p}pouf)"/>` +
    ellipse(300, 740, 100, 30, '#6f86c0') +
    [230, 265, 300, 335, 370]
      .map(
        (x) =>
          `<path d="M${x} 744Q${x + (x - 300) * 0.1} 780 ${x} 812" stroke="${I.accent}" stroke-width="3" fill="none" opacity="0.7"/>`,
      )
      .join('') +
    `<path d="M240 736L300 724L360 736L300 752Z" fill="none" stroke="${I.accent}" stroke-width="3" opacity="0.8"/>`;
  return svg(
    1200,
    900,
    defs + room + gallery + lamp + chair + table + plant(1100, floorY + 8, 1.35, S.base, S.dark, `${p}p`) + pouf,
  );
}

export function snapshotSvg(index: 0 | 1): string {
  switch (index) {
    case 1:
      return readingCorner();
    default:
      return styledShelf();
  }
}
