/** Procedural drawings for collectible vinyl art toys: chunky, big-headed, glossy figures on round display bases. */
import type { Motif } from '../types.ts';
import { f, pick, type MotifArt, type DrawContext } from './kit.ts';

/** Blends two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const channel = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((1 << 24) | (channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).slice(1)}`;
}

/** A glossy vinyl look: a radial gradient lit from the upper left. */
const vinyl = (id: string, colour: string) =>
  `<radialGradient id="${id}" cx="0.36" cy="0.3" r="0.8"><stop offset="0" stop-color="${mix(colour, '#ffffff', 0.38)}"/><stop offset="0.45" stop-color="${colour}"/><stop offset="1" stop-color="${mix(colour, '#000000', 0.32)}"/></radialGradient>`;

/** A gloss highlight: a soft white ellipse plus a brighter spot. */
const gloss = (cx: number, cy: number, rx: number, ry: number, angle = -25) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="#ffffff" opacity="0.42" transform="rotate(${angle} ${f(cx)} ${f(cy)})"/><circle cx="${f(cx - rx * 0.55)}" cy="${f(cy + ry * 0.9)}" r="${f(Math.max(4, ry * 0.35))}" fill="#ffffff" opacity="0.7"/>`;

const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;

/** The round display base every figure stands on: top face at y = 872, bottom edge at y = 920. */
function displayBase(ctx: DrawContext, id: string): string {
  const { colours: c, random: r } = ctx;
  const colour = pick(r, [c.dark, '#2b2b30', mix(c.light, '#ffffff', 0.4)]);
  const rx = 190 + r() * 20;
  return `<defs><linearGradient id="${id}-base" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${mix(colour, '#000000', 0.3)}"/><stop offset="0.35" stop-color="${colour}"/><stop offset="0.5" stop-color="${mix(colour, '#ffffff', 0.25)}"/><stop offset="1" stop-color="${mix(colour, '#000000', 0.35)}"/></linearGradient></defs>
<path d="M${f(500 - rx)} 872 V890 A${f(rx)} 30 0 0 0 ${f(500 + rx)} 890 V872 Z" fill="url(#${id}-base)"/>
${ellipse(500, 872, rx, 30, mix(colour, '#ffffff', 0.12))}
<path d="M${f(500 - rx * 0.8)} 862 A${f(rx * 0.8)} 22 0 0 1 ${f(500 + rx * 0.8)} 862" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.3"/>`;
}

/** A boxy robot: antenna, visor with glowing eyes, chest panel, claw hands. */
function robot(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}robot`;
  const base = displayBase(ctx, id);
  const s = 0.94 + r() * 0.12;
  const headColour = pick(r, [c.base, c.base, c.accent]);
  const bodyColour = headColour === c.accent ? c.base : pick(r, [c.base, c.light]);
  const joint = mix(c.dark, '#9aa0a8', 0.5);
  const eyeColour = pick(r, ['#8ef6ff', '#ffe27a', '#9dff9a', mix(c.accent, '#ffffff', 0.4)]);
  const eyes = pick(r, ['round', 'bar', 'happy'] as const);
  const twin = r() < 0.35;
  const hw = 185 * s;
  const headTop = 295;
  const headBottom = 585;
  let eyeSvg: string;
  if (eyes === 'round') {
    eyeSvg = [425, 575]
      .map(
        (x) =>
          `<circle cx="${x}" cy="440" r="44" fill="url(#${id}-eye)"/><circle cx="${x}" cy="440" r="24" fill="${eyeColour}"/><circle cx="${x - 8}" cy="432" r="8" fill="#ffffff"/>`,
      )
      .join('');
  } else if (eyes === 'bar') {
    eyeSvg = `<rect x="385" y="395" width="230" height="90" rx="45" fill="url(#${id}-eye)"/><rect x="405" y="420" width="190" height="40" rx="20" fill="${eyeColour}"/><rect x="420" y="427" width="60" height="10" rx="5" fill="#ffffff" opacity="0.8"/>`;
  } else {
    eyeSvg = [425, 575]
      .map(
        (x) =>
          `<circle cx="${x}" cy="440" r="46" fill="url(#${id}-eye)"/><path d="M${x - 24} 452 Q${x} 412 ${x + 24} 452" stroke="${eyeColour}" stroke-width="13" fill="none" stroke-linecap="round"/>`,
      )
      .join('');
  }
  const antenna = (x: number, tilt: number) =>
    `<path d="M${x} ${headTop + 4} L${x + tilt} ${headTop - 75}" stroke="${joint}" stroke-width="9" stroke-linecap="round"/><circle cx="${x + tilt}" cy="${headTop - 88}" r="36" fill="url(#${id}-eye)"/><circle cx="${x + tilt}" cy="${headTop - 88}" r="19" fill="${c.accent === headColour ? c.base : c.accent}"/><circle cx="${x + tilt - 6}" cy="${headTop - 94}" r="6" fill="#ffffff" opacity="0.8"/>`;
  const hand = (x: number, y: number) =>
    `<path d="M${x - 20} ${y - 14} A27 27 0 1 0 ${x + 20} ${y - 14}" stroke="${c.dark}" stroke-width="16" fill="none" stroke-linecap="round"/>`;
  const buttons = [c.accent, '#e0574f', eyeColour]
    .map((colour, i) => `<circle cx="535" cy="${662 + i * 26}" r="9" fill="${colour}"/>`)
    .join('');
  return `<defs>${vinyl(`${id}-head`, headColour)}${vinyl(`${id}-body`, bodyColour)}
<radialGradient id="${id}-visor" cx="0.35" cy="0.25" r="0.9"><stop offset="0" stop-color="${mix(c.dark, '#ffffff', 0.15)}"/><stop offset="1" stop-color="${mix(c.dark, '#000000', 0.55)}"/></radialGradient>
<radialGradient id="${id}-eye"><stop offset="0.3" stop-color="${eyeColour}" stop-opacity="0.75"/><stop offset="1" stop-color="${eyeColour}" stop-opacity="0"/></radialGradient></defs>
${base}
<rect x="395" y="834" width="92" height="42" rx="18" fill="${c.dark}"/><rect x="513" y="834" width="92" height="42" rx="18" fill="${c.dark}"/>
<rect x="420" y="780" width="42" height="62" fill="${joint}"/><rect x="538" y="780" width="42" height="62" fill="${joint}"/>
<path d="M392 640 L336 748 M608 640 L664 748" stroke="${joint}" stroke-width="26" stroke-linecap="round"/>
${hand(330, 768)}${hand(670, 768)}
<rect x="380" y="598" width="240" height="200" rx="38" fill="url(#${id}-body)"/>
<rect x="425" y="638" width="150" height="112" rx="16" fill="${mix(c.light, '#ffffff', 0.4)}" stroke="${c.dark}" stroke-width="4"/>
<circle cx="475" cy="694" r="30" fill="${c.dark}"/><path d="M475 694 L475 672" stroke="${eyeColour}" stroke-width="6" stroke-linecap="round"/><circle cx="475" cy="694" r="7" fill="${eyeColour}"/>${buttons}
${gloss(420, 630, 24, 10)}
<rect x="465" y="572" width="70" height="34" fill="${joint}"/>
${twin ? antenna(420, -22) + antenna(580, 22) : antenna(500, 0)}
<rect x="${f(500 - hw - 26)}" y="400" width="40" height="90" rx="12" fill="${c.dark}"/><rect x="${f(500 + hw - 14)}" y="400" width="40" height="90" rx="12" fill="${c.dark}"/>
<rect x="${f(500 - hw)}" y="${headTop}" width="${f(hw * 2)}" height="${headBottom - headTop}" rx="56" fill="url(#${id}-head)"/>
<rect x="${f(500 - hw + 32)}" y="370" width="${f(hw * 2 - 64)}" height="140" rx="64" fill="url(#${id}-visor)"/>
${eyeSvg}
<path d="M${f(500 - hw + 70)} 388 Q${f(500 - hw + 90)} 376 ${f(500 - hw + 150)} 376" stroke="#ffffff" stroke-width="9" stroke-linecap="round" fill="none" opacity="0.45"/>
<path d="M455 540 V562 M485 540 V562 M515 540 V562 M545 540 V562" stroke="${c.dark}" stroke-width="8" stroke-linecap="round" opacity="0.7"/>
${gloss(500 - hw + 70, 330, 50, 16)}`;
}

/** An astronaut: big round helmet with a reflective visor, white suit, coloured backpack. */
function astronaut(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}astronaut`;
  const base = displayBase(ctx, id);
  const s = 0.95 + r() * 0.1;
  const suit = '#f3f1ec';
  const trim = pick(r, [c.base, c.accent]);
  const other = trim === c.base ? c.accent : c.base;
  const gold = r() < 0.4;
  const wave = r() < 0.5;
  const hr = 188 * s;
  const hy = 415;
  const stars = Array.from({ length: 4 }, () => {
    const x = 520 + r() * 80;
    const y = 380 + r() * 60;
    return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(2.5 + r() * 3)}" fill="#ffffff" opacity="0.8"/>`;
  }).join('');
  const rightArm = wave
    ? `<path d="M606 640 Q672 620 690 548" stroke="url(#${id}-suit)" stroke-width="54" stroke-linecap="round" fill="none"/><circle cx="692" cy="532" r="30" fill="${trim}"/>`
    : `<path d="M606 640 Q660 690 668 752" stroke="url(#${id}-suit)" stroke-width="54" stroke-linecap="round" fill="none"/><circle cx="668" cy="768" r="30" fill="${trim}"/>`;
  return `<defs>${vinyl(`${id}-suit`, suit)}${vinyl(`${id}-pack`, trim)}
<linearGradient id="${id}-visor" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${gold ? '#f2c65a' : mix(c.dark, '#3a4a7a', 0.4)}"/><stop offset="0.6" stop-color="${gold ? '#b9822a' : mix(c.dark, '#000000', 0.5)}"/><stop offset="1" stop-color="${gold ? '#7a4f12' : '#0d0f1c'}"/></linearGradient></defs>
${base}
<rect x="352" y="585" width="296" height="215" rx="40" fill="url(#${id}-pack)"/>
<rect x="405" y="780" width="84" height="70" rx="24" fill="url(#${id}-suit)"/><rect x="511" y="780" width="84" height="70" rx="24" fill="url(#${id}-suit)"/>
<rect x="396" y="828" width="100" height="48" rx="20" fill="${c.dark}"/><rect x="504" y="828" width="100" height="48" rx="20" fill="${c.dark}"/>
<path d="M394 640 Q340 690 332 752" stroke="url(#${id}-suit)" stroke-width="54" stroke-linecap="round" fill="none"/><circle cx="332" cy="768" r="30" fill="${trim}"/>
${rightArm}
<rect x="385" y="585" width="230" height="225" rx="70" fill="url(#${id}-suit)"/>
<rect x="390" y="752" width="220" height="26" fill="${trim}"/>
<rect x="445" y="650" width="110" height="76" rx="12" fill="${mix(c.light, '#ffffff', 0.3)}" stroke="${c.dark}" stroke-width="4"/>
<circle cx="472" cy="676" r="11" fill="${other}"/><circle cx="505" cy="676" r="11" fill="#e0574f"/><rect x="462" y="700" width="78" height="10" rx="5" fill="${c.dark}" opacity="0.7"/>
<circle cx="418" cy="640" r="20" fill="${other}"/><path d="M408 640 L428 640 M418 630 L418 650" stroke="#ffffff" stroke-width="5"/>
${ellipse(500, 600, 120, 28, trim)}
<rect x="${f(500 - hr - 18)}" y="${hy - 40}" width="36" height="80" rx="14" fill="${trim}"/><rect x="${f(500 + hr - 18)}" y="${hy - 40}" width="36" height="80" rx="14" fill="${trim}"/>
<circle cx="500" cy="${hy}" r="${f(hr)}" fill="url(#${id}-suit)"/>
<rect x="${f(500 - hr * 0.76)}" y="${f(hy - hr * 0.55)}" width="${f(hr * 1.52)}" height="${f(hr * 1.12)}" rx="${f(hr * 0.5)}" fill="url(#${id}-visor)" stroke="${mix(suit, '#000000', 0.2)}" stroke-width="6"/>
${stars}<circle cx="${f(500 + hr * 0.35)}" cy="${f(hy + hr * 0.25)}" r="${f(hr * 0.12)}" fill="${other}" opacity="0.75"/>
<path d="M${f(500 - hr * 0.6)} ${f(hy + hr * 0.1)} Q${f(500 - hr * 0.62)} ${f(hy - hr * 0.42)} ${f(500 - hr * 0.05)} ${f(hy - hr * 0.42)}" stroke="#ffffff" stroke-width="${f(hr * 0.1)}" stroke-linecap="round" fill="none" opacity="0.45"/>
<circle cx="${f(500 - hr * 0.58)}" cy="${f(hy + hr * 0.28)}" r="${f(hr * 0.05)}" fill="#ffffff" opacity="0.6"/>
${gloss(500 - hr * 0.55, hy - hr * 0.78, hr * 0.22, hr * 0.08)}`;
}

/** A chunky dinosaur in profile: big head, spiky back, curling tail, tiny arms. */
function dino(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}dino`;
  const base = displayBase(ctx, id);
  const skin = pick(r, [c.base, c.base, c.accent]);
  const spikes = skin === c.accent ? c.base : pick(r, [c.accent, c.dark]);
  const belly = mix(c.light, '#ffffff', 0.3);
  const s = 0.95 + r() * 0.1;
  const flip = r() < 0.5 ? 1 : -1;
  // Spikes along the back, each a rounded triangle standing out from the outline.
  const spike = (x: number, y: number, nx: number, ny: number, size: number) => {
    const tx = -ny;
    const ty = nx;
    return `M${f(x + tx * size * 0.55)} ${f(y + ty * size * 0.55)} L${f(x + nx * size)} ${f(y + ny * size)} L${f(x - tx * size * 0.55)} ${f(y - ty * size * 0.55)} Z`;
  };
  let spikePath = '';
  const bx = 470;
  const by = 690;
  const brx = 165;
  const bry = 145;
  for (let i = 0; i < 4; i++) {
    const a = (-115 - i * 20) * (Math.PI / 180);
    const x = bx + Math.cos(a) * brx * 0.96;
    const y = by + Math.sin(a) * bry * 0.96;
    const len = Math.hypot(Math.cos(a) / brx, Math.sin(a) / bry);
    spikePath += spike(x, y, Math.cos(a) / brx / len, Math.sin(a) / bry / len, (48 - i * 5) * s);
  }
  const hx = 610;
  const hy = 455;
  for (let i = 0; i < 3; i++) {
    const a = (-120 - i * 22) * (Math.PI / 180);
    spikePath += spike(
      hx + Math.cos(a) * 160,
      hy + Math.sin(a) * 120,
      Math.cos(a),
      Math.sin(a) * 1.2,
      (44 - i * 4) * s,
    );
  }
  // Along the tail's upper edge, the cubic (350 610) (280 620) (200 690) (150 800).
  for (let i = 0; i < 3; i++) {
    const t = 0.22 + i * 0.22;
    const u = 1 - t;
    const x = u * u * u * 350 + 3 * u * u * t * 280 + 3 * u * t * t * 200 + t * t * t * 150;
    const y = u * u * u * 610 + 3 * u * u * t * 620 + 3 * u * t * t * 690 + t * t * t * 800;
    const dx = 3 * u * u * (280 - 350) + 6 * u * t * (200 - 280) + 3 * t * t * (150 - 200);
    const dy = 3 * u * u * (620 - 610) + 6 * u * t * (690 - 620) + 3 * t * t * (800 - 690);
    const len = Math.hypot(dx, dy);
    spikePath += spike(x, y, dy / len, -dx / len, (36 - i * 8) * s);
  }
  const spots = [-170, -140, -115, 165]
    .map((deg, i) => {
      const a = (deg + r() * 10) * (Math.PI / 180);
      const d = i % 2 ? 0.72 : 0.5;
      return `<circle cx="${f(bx + Math.cos(a) * brx * d)}" cy="${f(by + Math.sin(a) * bry * d)}" r="${f(9 + r() * 8)}" fill="${mix(skin, '#000000', 0.25)}" opacity="0.45"/>`;
    })
    .join('');
  const teeth = [650, 690, 730]
    .map(
      (x, i) => `<path d="M${x} ${488 - i * 6} L${x + 12} ${510 - i * 6} L${x + 24} ${486 - i * 6} Z" fill="#ffffff"/>`,
    )
    .join('');
  return `<defs>${vinyl(`${id}-skin`, skin)}</defs>
${base}
<g transform="translate(500 0) scale(${flip} 1) translate(-500 0)">
<path d="${spikePath}" fill="${spikes}" stroke="${spikes}" stroke-width="10" stroke-linejoin="round"/>
<path d="M350 610 C280 620 200 690 150 800 C140 826 168 832 186 812 C240 770 300 770 380 780 Z" fill="url(#${id}-skin)"/>
<rect x="535" y="780" width="78" height="90" rx="30" fill="${mix(skin, '#000000', 0.3)}"/>
${ellipse(bx, by, brx, bry, `url(#${id}-skin)`)}${spots}
${ellipse(565, 575, 92, 88, `url(#${id}-skin)`)}
${ellipse(540, 725, 92, 112, belly, ' transform="rotate(-18 540 725)"')}
<path d="M480 680 Q540 672 596 690 M470 730 Q540 722 600 740 M480 780 Q530 774 580 790" stroke="${mix(belly, '#000000', 0.15)}" stroke-width="5" fill="none" stroke-linecap="round"/>
<rect x="395" y="780" width="92" height="96" rx="34" fill="url(#${id}-skin)"/>
<path d="M418 870 V856 M441 870 V856 M464 870 V856" stroke="${belly}" stroke-width="10" stroke-linecap="round"/>
<path d="M610 640 Q660 640 668 678" stroke="${mix(skin, '#000000', 0.1)}" stroke-width="30" stroke-linecap="round" fill="none"/>
<path d="M${hx - 150} ${hy + 60} C${hx - 190} ${hy - 120} ${hx + 40} ${hy - 160} ${hx + 130} ${hy - 60} C${hx + 190} ${hy + 10} ${hx + 190} ${hy + 70} ${hx + 120} ${hy + 100} C${hx + 40} ${hy + 130} ${hx - 110} ${hy + 140} ${hx - 150} ${hy + 60} Z" fill="url(#${id}-skin)"/>
<path d="M${hx - 20} ${hy + 52} Q${hx + 80} ${hy + 66} ${hx + 158} ${hy + 30}" stroke="${mix(skin, '#000000', 0.45)}" stroke-width="8" fill="none" stroke-linecap="round"/>
${teeth}
<circle cx="${hx + 20}" cy="${hy - 30}" r="36" fill="#ffffff"/><circle cx="${hx + 30}" cy="${hy - 26}" r="21" fill="#1d1b1a"/><circle cx="${hx + 22}" cy="${hy - 36}" r="7" fill="#ffffff"/>
${ellipse(hx + 150, hy - 10, 9, 6, mix(skin, '#000000', 0.5))}
${ellipse(hx + 60, hy + 30, 26, 14, '#ff8c8c', ' opacity="0.4"')}
${gloss(hx - 60, hy - 80, 48, 16)}${gloss(bx - 70, by - 70, 34, 12, -40)}
</g>`;
}

/** A teddy-style bear figure: round ears, light snout and belly, optional bow tie, scarf or heart. */
function bear(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}bear`;
  const base = displayBase(ctx, id);
  const fur = pick(r, [c.base, c.base, c.dark]);
  const muzzle = mix(mix(c.light, '#ffffff', 0.35), fur, 0.18);
  const extra = pick(r, ['bow', 'scarf', 'heart', 'bow'] as const);
  const sleepy = r() < 0.25;
  const s = 0.95 + r() * 0.1;
  const hrx = 190 * s;
  const hry = 165 * s;
  const hy = 430;
  const trim = fur === c.accent ? c.base : c.accent;
  const eyes = sleepy
    ? `<path d="M400 436 Q425 456 450 436 M550 436 Q575 456 600 436" stroke="#1d1b1a" stroke-width="9" fill="none" stroke-linecap="round"/>`
    : `<circle cx="425" cy="428" r="21" fill="#1d1b1a"/><circle cx="575" cy="428" r="21" fill="#1d1b1a"/><circle cx="418" cy="420" r="7" fill="#ffffff"/><circle cx="568" cy="420" r="7" fill="#ffffff"/>`;
  const ear = (x: number) =>
    `<circle cx="${f(x)}" cy="${f(hy - hry * 0.78)}" r="${f(66 * s)}" fill="url(#${id}-fur)"/><circle cx="${f(x)}" cy="${f(hy - hry * 0.76)}" r="${f(36 * s)}" fill="${mix(muzzle, c.accent, 0.3)}"/>`;
  let accessory = '';
  if (extra === 'bow') {
    accessory = `<path d="M500 600 L430 566 Q418 600 430 634 Z M500 600 L570 566 Q582 600 570 634 Z" fill="${trim}" stroke="${mix(trim, '#000000', 0.2)}" stroke-width="4" stroke-linejoin="round"/><circle cx="500" cy="600" r="20" fill="${mix(trim, '#000000', 0.15)}"/>`;
  } else if (extra === 'scarf') {
    accessory = `<path d="M540 610 L580 700 L538 712 L515 620 Z" fill="${mix(trim, '#000000', 0.15)}"/><rect x="382" y="576" width="236" height="44" rx="22" fill="${trim}"/><path d="M400 588 H600" stroke="#ffffff" stroke-width="6" opacity="0.35"/>`;
  } else {
    accessory = `<path d="M500 760 C470 730 440 710 452 686 C462 666 490 668 500 690 C510 668 538 666 548 686 C560 710 530 730 500 760 Z" fill="${trim}"/>`;
  }
  return `<defs>${vinyl(`${id}-fur`, fur)}</defs>
${base}
<ellipse cx="500" cy="715" rx="148" ry="150" fill="url(#${id}-fur)"/>
${ellipse(500, 718, 80, 84, muzzle)}
<ellipse cx="425" cy="846" rx="64" ry="38" fill="url(#${id}-fur)"/><ellipse cx="575" cy="846" rx="64" ry="38" fill="url(#${id}-fur)"/>
${ellipse(418, 850, 28, 20, muzzle)}${ellipse(582, 850, 28, 20, muzzle)}
<ellipse cx="362" cy="690" rx="44" ry="84" fill="url(#${id}-fur)" transform="rotate(24 362 690)"/><ellipse cx="638" cy="690" rx="44" ry="84" fill="url(#${id}-fur)" transform="rotate(-24 638 690)"/>
${ear(500 - hrx * 0.74)}${ear(500 + hrx * 0.74)}
<ellipse cx="500" cy="${hy}" rx="${f(hrx)}" ry="${f(hry)}" fill="url(#${id}-fur)"/>
${ellipse(500, 492, 80, 60, muzzle)}
<path d="M474 470 Q500 458 526 470 Q520 496 500 500 Q480 496 474 470 Z" fill="#2a201c"/>
<path d="M500 500 V516 M470 518 Q485 534 500 516 Q515 534 530 518" stroke="#2a201c" stroke-width="6" fill="none" stroke-linecap="round"/>
${eyes}
${ellipse(392, 488, 30, 18, '#ff8c8c', ' opacity="0.35"')}${ellipse(608, 488, 30, 18, '#ff8c8c', ' opacity="0.35"')}
${accessory}
${gloss(420, hy - hry * 0.62, 52, 18)}${gloss(430, 630, 26, 10, -35)}`;
}

/** A retro rocket on a clear display rod: nose cone, porthole windows, fins and a flame with smoke puffs. */
function rocket(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}rocket`;
  const base = displayBase(ctx, id);
  const hull = pick(r, [c.light, c.base, '#f3f1ec']);
  const trim = hull === c.base ? c.accent : pick(r, [c.base, c.accent]);
  const other = trim === c.base ? c.accent : c.base;
  const twoWindows = r() < 0.5;
  const s = 0.95 + r() * 0.1;
  const flame = 0.9 + r() * 0.2;
  const w = 122 * s;
  const body = `M500 150 C${f(500 + w * 0.85)} 230 ${f(500 + w * 1.05)} 380 ${f(500 + w)} 520 C${f(500 + w * 0.96)} 600 ${f(500 + w * 0.84)} 660 ${f(500 + w * 0.7)} 700 L${f(500 - w * 0.7)} 700 C${f(500 - w * 0.84)} 660 ${f(500 - w * 0.96)} 600 ${f(500 - w)} 520 C${f(500 - w * 1.05)} 380 ${f(500 - w * 0.85)} 230 500 150 Z`;
  const porthole = (y: number, rad: number) =>
    `<circle cx="500" cy="${y}" r="${rad}" fill="${mix(c.dark, '#9aa0a8', 0.35)}"/><circle cx="500" cy="${y}" r="${f(rad * 0.74)}" fill="url(#${id}-glass)"/><path d="M${f(500 - rad * 0.45)} ${f(y - rad * 0.1)} Q${f(500 - rad * 0.4)} ${f(y - rad * 0.45)} ${f(500 - rad * 0.05)} ${f(y - rad * 0.5)}" stroke="#ffffff" stroke-width="${f(rad * 0.14)}" stroke-linecap="round" fill="none" opacity="0.7"/>`;
  const rivets = [-0.8, -0.4, 0, 0.4, 0.8]
    .map((k) => `<circle cx="${f(500 + k * w * 0.85)}" cy="632" r="5" fill="${mix(trim, '#000000', 0.35)}"/>`)
    .join('');
  const puffs = [
    [400, 858, 34],
    [446, 850, 28],
    [556, 850, 28],
    [600, 858, 34],
  ]
    .map(
      ([x, y, rad]) => `<circle cx="${x}" cy="${y}" r="${f(rad! * (0.9 + r() * 0.2))}" fill="#ffffff" opacity="0.85"/>`,
    )
    .join('');
  const tip = 730 + 130 * flame;
  return `<defs><linearGradient id="${id}-hull" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${mix(hull, '#000000', 0.28)}"/><stop offset="0.32" stop-color="${mix(hull, '#ffffff', 0.35)}"/><stop offset="0.6" stop-color="${hull}"/><stop offset="1" stop-color="${mix(hull, '#000000', 0.35)}"/></linearGradient>
${vinyl(`${id}-trim`, trim)}
<radialGradient id="${id}-glass" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="${mix(c.light, '#8ed0ff', 0.6)}"/><stop offset="0.6" stop-color="${mix(c.dark, '#2a4a8a', 0.4)}"/><stop offset="1" stop-color="#0f1630"/></radialGradient>
<linearGradient id="${id}-flame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6c8"/><stop offset="0.35" stop-color="#ffd44a"/><stop offset="1" stop-color="#ff6a2a" stop-opacity="0.2"/></linearGradient>
<radialGradient id="${id}-glow"><stop offset="0" stop-color="#ffd66b" stop-opacity="0.6"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/></radialGradient>
<clipPath id="${id}-clip"><path d="${body}"/></clipPath></defs>
${base}
<rect x="492" y="700" width="16" height="172" fill="#ffffff" opacity="0.35"/>
${ellipse(500, 790, 150, 130, `url(#${id}-glow)`)}
<path d="M430 726 C420 790 470 830 500 ${f(tip)} C530 830 580 790 570 726 Z" fill="url(#${id}-flame)"/>
<path d="M456 726 C452 780 485 810 500 ${f(tip - 40)} C515 810 548 780 544 726 Z" fill="#ffe27a"/>
<path d="M474 726 C472 760 490 780 500 ${f(tip - 80)} C510 780 528 760 526 726 Z" fill="#fffbe6"/>
${puffs}
<path d="M${f(500 - w * 0.62)} 696 L${f(500 + w * 0.62)} 696 L${f(500 + w * 0.5)} 736 L${f(500 - w * 0.5)} 736 Z" fill="${mix(c.dark, '#9aa0a8', 0.3)}"/>
<path d="M${f(500 - w * 0.9)} 540 C${f(500 - w * 1.6)} 590 ${f(500 - w * 1.75)} 680 ${f(500 - w * 1.7)} 770 L${f(500 - w * 0.66)} 690 Z" fill="url(#${id}-trim)"/>
<path d="M${f(500 + w * 0.9)} 540 C${f(500 + w * 1.6)} 590 ${f(500 + w * 1.75)} 680 ${f(500 + w * 1.7)} 770 L${f(500 + w * 0.66)} 690 Z" fill="url(#${id}-trim)"/>
<path d="${body}" fill="url(#${id}-hull)"/>
<g clip-path="url(#${id}-clip)"><rect x="360" y="140" width="280" height="${f(140 * s)}" fill="url(#${id}-trim)"/><rect x="360" y="${f(140 + 140 * s)}" width="280" height="12" fill="${other}"/><rect x="360" y="610" width="280" height="44" fill="url(#${id}-trim)"/></g>
${rivets}
${porthole(twoWindows ? 390 : 430, twoWindows ? 56 : 70)}${twoWindows ? porthole(520, 38) : ''}
<path d="M490 590 L510 590 L516 742 Q500 752 484 742 Z" fill="url(#${id}-trim)"/>
<path d="M${f(500 - w * 0.55)} 560 Q${f(500 - w * 0.78)} 420 ${f(500 - w * 0.45)} 290" stroke="#ffffff" stroke-width="16" stroke-linecap="round" fill="none" opacity="0.4"/>
${gloss(500 - w * 0.28, 220, 20, 8, -50)}`;
}

/** A sitting cat: pointed ears, big eyes, whiskers, curling tail and a collar with a bell. */
function cat(ctx: DrawContext): string {
  const { colours: c, random: r } = ctx;
  const id = `${ctx.id}cat`;
  const base = displayBase(ctx, id);
  const fur = pick(r, [c.base, c.base, c.dark, mix(c.light, '#ffffff', 0.2)]);
  const line = fur === c.dark ? mix(c.light, '#ffffff', 0.3) : mix(c.dark, '#000000', 0.35);
  const chest = fur === c.dark ? mix(c.dark, '#ffffff', 0.3) : mix(c.light, '#ffffff', 0.4);
  const pink = '#f4a0ad';
  const eyes = pick(r, ['big', 'happy', 'slit'] as const);
  const tabby = r() < 0.5;
  const tail = r() < 0.5 ? 1 : -1;
  const collar = fur === c.accent ? c.base : c.accent;
  const s = 0.95 + r() * 0.1;
  const hrx = 190 * s;
  const hy = 450;
  let eyeSvg: string;
  if (eyes === 'big') {
    eyeSvg = [430, 570]
      .map(
        (x) =>
          `<ellipse cx="${x}" cy="440" rx="30" ry="38" fill="#1d1b1a"/><circle cx="${x - 9}" cy="426" r="11" fill="#ffffff"/><circle cx="${x + 10}" cy="454" r="5" fill="#ffffff"/>`,
      )
      .join('');
  } else if (eyes === 'happy') {
    eyeSvg = `<path d="M400 448 Q430 412 460 448 M540 448 Q570 412 600 448" stroke="#1d1b1a" stroke-width="10" fill="none" stroke-linecap="round"/>`;
  } else {
    eyeSvg = [430, 570]
      .map(
        (x) =>
          `<ellipse cx="${x}" cy="440" rx="32" ry="36" fill="#f4d35e" stroke="#1d1b1a" stroke-width="5"/><ellipse cx="${x}" cy="440" rx="8" ry="28" fill="#1d1b1a"/><circle cx="${x - 12}" cy="428" r="7" fill="#ffffff"/>`,
      )
      .join('');
  }
  const whiskers = [-1, 1]
    .map((side) =>
      [-16, 4, 24]
        .map((dy) => `M${500 + side * 95} ${496 + dy * 0.4} L${500 + side * 215} ${486 + dy * 1.6}`)
        .join(' '),
    )
    .join(' ');
  const stripes = tabby
    ? `<path d="M500 300 V346 M462 306 L472 344 M538 306 L528 344 M370 700 L410 704 M365 740 L405 740 M630 700 L590 704 M635 740 L595 740" stroke="${mix(fur, '#000000', 0.3)}" stroke-width="12" stroke-linecap="round"/>`
    : '';
  const ear = (side: number) => {
    const x = 500 + side * hrx * 0.55;
    return `<path d="M${f(x - side * 78)} 370 L${f(x + side * 28)} ${f(232 - 10 * s)} Q${f(x + side * 44)} 222 ${f(x + side * 56)} 240 L${f(x + side * 108)} 390 Z" fill="url(#${id}-fur)"/><path d="M${f(x - side * 40)} 360 L${f(x + side * 32)} 262 L${f(x + side * 74)} 372 Z" fill="${pink}" opacity="0.85"/>`;
  };
  return `<defs>${vinyl(`${id}-fur`, fur)}</defs>
${base}
<path d="M${500 + tail * 100} 850 C${500 + tail * 260} 860 ${500 + tail * 250} 700 ${500 + tail * 200} 640" stroke="url(#${id}-fur)" stroke-width="44" stroke-linecap="round" fill="none"/>
<path d="M${500 + tail * 100} 850 C${500 + tail * 260} 860 ${500 + tail * 250} 700 ${500 + tail * 200} 640" stroke="${mix(fur, '#000000', 0.25)}" stroke-width="44" stroke-linecap="round" fill="none" opacity="0.35"/>
<path d="M500 560 C${f(500 + 150 * s)} 560 ${f(500 + 160 * s)} 760 ${f(500 + 140 * s)} 860 L${f(500 - 140 * s)} 860 C${f(500 - 160 * s)} 760 ${f(500 - 150 * s)} 560 500 560 Z" fill="url(#${id}-fur)"/>
${ellipse(500, 720, 74, 110, chest)}${stripes}
<ellipse cx="448" cy="858" rx="50" ry="30" fill="url(#${id}-fur)"/><ellipse cx="552" cy="858" rx="50" ry="30" fill="url(#${id}-fur)"/>
<path d="M436 852 V872 M460 852 V872 M540 852 V872 M564 852 V872" stroke="${line}" stroke-width="5" stroke-linecap="round" opacity="0.6"/>
<path d="M380 598 Q500 640 620 598" stroke="${collar}" stroke-width="24" fill="none" stroke-linecap="round"/>
<circle cx="500" cy="640" r="22" fill="#e8b84a"/><path d="M484 640 H516" stroke="#8a6414" stroke-width="4"/><circle cx="500" cy="648" r="4" fill="#8a6414"/>
${ear(-1)}${ear(1)}
<ellipse cx="500" cy="${hy}" rx="${f(hrx)}" ry="${f(158 * s)}" fill="url(#${id}-fur)"/>
${ellipse(500, 505, 82, 52, chest, ' opacity="0.9"')}
${eyeSvg}
<path d="M486 482 L514 482 L500 498 Z" fill="${pink}" stroke="${pink}" stroke-width="6" stroke-linejoin="round"/>
<path d="M500 500 V510 M474 512 Q487 528 500 510 Q513 528 526 512" stroke="${line}" stroke-width="5" fill="none" stroke-linecap="round"/>
<path d="${whiskers}" stroke="${line}" stroke-width="4" stroke-linecap="round" opacity="0.85"/>
${ellipse(390, 500, 26, 15, '#ff8c8c', ' opacity="0.35"')}${ellipse(610, 500, 26, 15, '#ff8c8c', ' opacity="0.35"')}
${gloss(410, hy - 110, 50, 17)}${gloss(420, 640, 22, 9, -40)}`;
}

export const TOYS: Record<Motif<'collectible-toys'>, MotifArt> = {
  robot: { draw: robot, placement: 'table' },
  astronaut: { draw: astronaut, placement: 'table' },
  dino: { draw: dino, placement: 'table' },
  bear: { draw: bear, placement: 'table' },
  rocket: { draw: rocket, placement: 'table' },
  cat: { draw: cat, placement: 'table' },
};
