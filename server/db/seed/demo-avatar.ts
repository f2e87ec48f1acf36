import sharp from 'sharp';
import type { TEyeColor, THairColor } from '#common/profile-attributes.ts';
import { seededRandom, type TDemoProfile } from './demo-profiles.ts';

const BACKGROUNDS = [
  ['#ffd6e0', '#c3b1e1'],
  ['#a1c4fd', '#c2e9fb'],
  ['#fbc2eb', '#a6c1ee'],
  ['#fddb92', '#d1fdff'],
  ['#ffecd2', '#fcb69f'],
  ['#d4fc79', '#96e6a1'],
  ['#84fab0', '#8fd3f4'],
  ['#f6d365', '#fda085'],
  ['#e0c3fc', '#8ec5fc'],
  ['#fccb90', '#d57eeb'],
  ['#a8edea', '#fed6e3'],
  ['#cfd9df', '#e2ebf0'],
] as const;
const SKINS = ['#fde0cc', '#f6cfb0', '#ecbc96', '#dfa97f', '#cd9066', '#b07550', '#8d5a3b', '#6e4430'];
const HAIR: Record<THairColor, readonly string[]> = {
  blond: ['#e9c77b', '#d9b15c', '#f1d89a'],
  brown: ['#6b4226', '#7d5233', '#5a3620'],
  black: ['#1f1b1a', '#2b2320'],
  red: ['#b5522b', '#c4632f', '#9c3f22'],
  grey: ['#b8b8bc', '#cfcfd3', '#9e9ea3'],
  bald: ['#8a7a6e'],
  other: ['#c2185b', '#7b1fa2', '#1e88e5', '#26a69a', '#ec6fa0'],
};
const IRIS: Record<TEyeColor, string> = {
  blue: '#3b7dd8',
  green: '#3f9b5c',
  brown: '#6b3e1e',
  grey: '#8a949c',
  hazel: '#8e6b2f',
  other: '#7a5bd1',
};
const CLOTHES = [
  '#3d5a80',
  '#ee6c4d',
  '#2a9d8f',
  '#e9c46a',
  '#8d6cab',
  '#264653',
  '#d62828',
  '#f4a261',
  '#457b9d',
  '#c9184a',
  '#6a994e',
  '#335c67',
];
const BALD_SIDE = 'M 65 97 C 63 88 65 80 71 75 C 69 83 69 91 70 97 Z';
const LIPS = ['#c6535d', '#b84a5a', '#d0707a', '#a8414b'];

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c + (target - c) * a)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const mirror = (d: string): string =>
  d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${200 - Number(x)} ${y}`);

function curls(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  from: number,
  to: number,
  n: number,
  r: number,
  fill: string,
): string {
  let out = '';
  for (let i = 0; i <= n; i++) {
    const a = ((from + ((to - from) * i) / n) * Math.PI) / 180;
    out += `<circle cx="${(cx + rx * Math.cos(a)).toFixed(1)}" cy="${(cy - ry * Math.sin(a)).toFixed(1)}" r="${r}" fill="${fill}"/>`;
  }
  return out;
}

function femaleHair(style: number, c: string, hi: string): { back: string; front: string } {
  const sideLock = 'M 66 88 C 58 120 64 150 52 174 C 64 172 72 160 74 140 C 76 120 72 102 70 90 Z';
  const fringe = `<path d="M 62 96 C 58 58 80 42 104 44 C 128 46 142 62 138 96 C 132 80 124 68 108 62 C 96 72 78 80 62 96 Z" fill="${c}"/>`;
  const shine = `<path d="M 84 52 C 96 46 112 46 122 52" stroke="${hi}" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.6"/>`;
  const cap = `<path d="M 63 96 C 58 58 80 44 100 44 C 122 44 142 58 137 96 C 134 76 120 62 100 60 C 80 62 66 76 63 96 Z" fill="${c}"/>`;
  switch (style) {
    case 0:
      return {
        back: `<path d="M 100 40 C 60 40 52 80 56 120 C 58 150 50 170 44 190 L 156 190 C 150 170 142 150 144 120 C 148 80 140 40 100 40 Z" fill="${c}"/>`,
        front: `${fringe}<path d="${sideLock}" fill="${c}"/><path d="${mirror(sideLock)}" fill="${c}"/>${shine}`,
      };
    case 1:
      return {
        back: `<path d="M 100 42 C 62 42 54 76 56 104 C 57 122 60 132 70 136 L 130 136 C 140 132 143 122 144 104 C 146 76 138 42 100 42 Z" fill="${c}"/>`,
        front: `<path d="M 62 94 C 60 56 80 44 100 44 C 120 44 140 56 138 94 C 134 84 131 78 126 75 L 74 75 C 69 78 66 84 62 94 Z" fill="${c}"/>${shine}`,
      };
    case 2:
      return {
        back: curls(100, 92, 44, 48, -40, 220, 18, 15, c) + curls(100, 120, 46, 30, -60, -120, 4, 13, c),
        front: curls(100, 88, 34, 38, 20, 160, 8, 10, c),
      };
    case 3:
      return {
        back: `<circle cx="100" cy="38" r="16" fill="${c}"/><circle cx="96" cy="34" r="5" fill="${hi}" opacity="0.35"/>`,
        front: cap + shine,
      };
    default:
      return {
        back: `<path d="M 128 60 C 160 70 162 120 150 160 C 146 170 138 168 140 158 C 148 120 144 86 124 72 Z" fill="${c}"/>`,
        front: cap + shine,
      };
  }
}

function maleHair(style: number, c: string, hi: string): string {
  const paths = [
    'M 63 92 C 60 58 80 44 102 45 C 124 46 140 60 137 92 C 134 78 128 68 118 64 C 104 70 84 70 72 64 C 67 72 64 82 63 92 Z',
    'M 63 90 C 58 56 76 34 104 36 C 130 36 142 58 137 90 C 134 74 128 66 120 64 C 108 68 86 66 74 66 C 68 72 65 80 63 90 Z',
    'M 63 92 C 60 56 82 44 104 45 C 126 46 140 60 137 92 C 134 80 130 72 124 68 C 110 66 96 58 86 56 C 78 64 68 76 63 92 Z',
  ];
  if (style === 3)
    return `<path d="M 64 90 C 62 58 80 46 100 46 C 120 46 138 58 136 90 C 130 70 116 61 100 61 C 84 61 70 70 64 90 Z" fill="${c}" opacity="0.55"/>`;
  if (style === 4) return curls(100, 80, 32, 30, 10, 170, 10, 9, c);
  const part =
    style === 2
      ? `<path d="M 86 56 C 92 60 98 62 106 62" stroke="${hi}" stroke-width="1.5" fill="none" opacity="0.7"/>`
      : '';
  return `<path d="${paths[style]}" fill="${c}"/><path d="M 82 52 C 94 46 110 46 122 52" stroke="${hi}" stroke-width="2.5" fill="none" stroke-linecap="round" opacity="0.5"/>${part}`;
}

/** Builds the SVG markup of an illustrated head-and-shoulders portrait for a demo profile. */
export function demoAvatarSvg(profile: TDemoProfile, size: number): string {
  const rng = seededRandom(profile.avatarSeed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
  const female = profile.gender === 'female';
  const [bg1, bg2] = pick(BACKGROUNDS);
  const skin = pick(SKINS);
  const skinDark = shade(skin, -0.16);
  const blush = SKINS.indexOf(skin) >= 5 ? 0.12 : 0.22;
  const baseHair = pick(HAIR[profile.hairColor]);
  const hair = profile.hairColor === 'bald' && female ? '#4a3426' : baseHair;
  const hairHi = shade(hair, 0.35);
  const brow =
    profile.hairColor === 'blond' || profile.hairColor === 'grey'
      ? shade(hair, -0.35)
      : profile.hairColor === 'bald'
        ? '#4a3426'
        : shade(hair, -0.1);
  const cloth = pick(CLOTHES);
  const w = female ? 33 : 36;
  const jaw = female ? 0.55 : 0.72;
  const face = `M 100 50 C ${100 + w * 0.7} 50 ${100 + w} 66 ${100 + w} 92 C ${100 + w} 116 ${100 + w * jaw} 134 100 134 C ${100 - w * jaw} 134 ${100 - w} 116 ${100 - w} 92 C ${100 - w} 66 ${100 - w * 0.7} 50 100 50 Z`;
  const shoulders = female
    ? 'M 26 200 C 28 170 50 154 84 150 L 116 150 C 150 154 172 170 174 200 Z'
    : 'M 14 200 C 16 166 44 152 82 148 L 118 148 C 156 152 184 166 186 200 Z';
  const neckline = pick([
    `<path d="M 86 150 L 100 172 L 114 150 Z" fill="${skin}"/>`,
    `<ellipse cx="100" cy="150" rx="17" ry="9" fill="${skin}"/>`,
    `<path d="M 84 149 L 100 164 L 116 149 L 112 147 L 100 156 L 88 147 Z" fill="${shade(cloth, 0.35)}"/>`,
  ]);

  let deco = '';
  const pattern = Math.floor(rng() * 3);
  if (pattern === 0)
    for (let i = 0; i < 6; i++)
      deco += `<circle cx="${Math.round(rng() * 200)}" cy="${Math.round(rng() * 200)}" r="${Math.round(8 + rng() * 26)}" fill="#fff" opacity="${(0.1 + rng() * 0.15).toFixed(2)}"/>`;
  if (pattern === 1)
    for (let x = -200; x < 200; x += 28)
      deco += `<path d="M ${x} 200 L ${x + 200} 0" stroke="#fff" stroke-width="9" opacity="0.12"/>`;
  if (pattern === 2)
    deco = `<circle cx="100" cy="96" r="76" fill="#fff" opacity="0.2"/><circle cx="100" cy="96" r="92" fill="none" stroke="#fff" stroke-width="3" opacity="0.25"/>`;

  const fHair = female ? femaleHair(Math.floor(rng() * 5), hair, hairHi) : { back: '', front: '' };
  const mStyle = Math.floor(rng() * 5);
  const mHair = female
    ? ''
    : profile.hairColor === 'bald'
      ? `<path d="${BALD_SIDE}" fill="${hair}"/><path d="${mirror(BALD_SIDE)}" fill="${hair}"/>`
      : maleHair(mStyle, hair, hairHi);
  const beardKind = female ? 0 : Math.floor(rng() * 5);
  const beardPath = `M ${100 - w} 94 C ${100 - w} 128 84 143 100 143 C 116 143 ${100 + w} 128 ${100 + w} 94 C ${100 + w - 5} 118 112 126 100 126 C 88 126 ${100 - w + 5} 118 ${100 - w} 94 Z`;
  const mustache = `<path d="M 88 119 C 94 114 106 114 112 119 C 106 118 94 118 88 119 Z" fill="${hair}"/>`;
  const beard =
    beardKind === 1
      ? `<path d="${beardPath}" fill="${hair}"/>${mustache}`
      : beardKind === 2
        ? `<path d="${beardPath}" fill="${shade(hair, -0.2)}" opacity="0.28"/>`
        : beardKind === 3
          ? mustache
          : '';
  const iris = IRIS[profile.eyeColor];
  const eye = (x: number): string =>
    `<ellipse cx="${x}" cy="96" rx="6.6" ry="4.4" fill="#fff"/><circle cx="${x}" cy="96" r="3.4" fill="${iris}"/><circle cx="${x}" cy="96" r="1.6" fill="#1b1b1b"/><circle cx="${x + 1.2}" cy="94.8" r="0.9" fill="#fff"/>` +
    `<path d="M ${x - 7} 95 Q ${x} 89.5 ${x + 7} 95" stroke="${shade(skin, -0.5)}" stroke-width="${female ? 1.8 : 1.2}" fill="none" stroke-linecap="round"/>`;
  const lashes = female
    ? `<path d="M 79 93 l -3 -2 M 121 93 l 3 -2" stroke="#2a2a2a" stroke-width="1.3" stroke-linecap="round"/>`
    : '';
  const smile = Math.round(20 + rng() * 40) / 10;
  const mouth = female
    ? `<path d="M 89 121 Q 95 117.5 100 119.5 Q 105 117.5 111 121 Q 100 ${124 + smile} 89 121 Z" fill="${pick(LIPS)}"/>`
    : `<path d="M 90 121 Q 100 ${121 + smile} 110 121" stroke="${shade(skin, -0.45)}" stroke-width="2" fill="none" stroke-linecap="round"/>`;
  const glasses =
    rng() < 0.15
      ? `<g fill="none" stroke="#2f2f35" stroke-width="2"><circle cx="86" cy="96" r="10"/><circle cx="114" cy="96" r="10"/><path d="M 96 95 Q 100 92 104 95"/></g>`
      : '';
  const earrings =
    female && rng() < 0.45
      ? `<circle cx="${100 - w}" cy="108" r="2.6" fill="#e6c15a"/><circle cx="${100 + w}" cy="108" r="2.6" fill="#e6c15a"/>`
      : '';

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>
<radialGradient id="glow" cx="0.3" cy="0.2" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(cloth, 0.12)}"/><stop offset="1" stop-color="${shade(cloth, -0.18)}"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#bg)"/>${deco}<rect width="200" height="200" fill="url(#glow)"/>
${fHair.back}
<rect x="87" y="116" width="26" height="42" rx="10" fill="${skinDark}"/>
<path d="${shoulders}" fill="url(#cloth)"/>${neckline}
<ellipse cx="${100 - w}" cy="97" rx="6" ry="9" fill="${skin}"/><ellipse cx="${100 + w}" cy="97" rx="6" ry="9" fill="${skin}"/>
<path d="${face}" fill="${skin}"/>
<circle cx="80" cy="112" r="7" fill="#ff7a85" opacity="${blush}"/><circle cx="120" cy="112" r="7" fill="#ff7a85" opacity="${blush}"/>
${beard}${eye(86)}${eye(114)}${lashes}
<path d="M 78 86 Q 85 ${female ? 80.5 : 82} 93 84" stroke="${brow}" stroke-width="${female ? 2 : 3}" fill="none" stroke-linecap="round"/>
<path d="M 122 86 Q 115 ${female ? 80.5 : 82} 107 84" stroke="${brow}" stroke-width="${female ? 2 : 3}" fill="none" stroke-linecap="round"/>
<path d="M 100 100 Q 96.5 110 99.5 113 Q 102 114.5 104.5 112" stroke="${shade(skin, -0.3)}" stroke-width="1.6" fill="none" stroke-linecap="round"/>
${mouth}${fHair.front}${mHair}${glasses}${earrings}
</svg>`;
}

/** Renders the illustrated demo avatar of a profile as a size x size JPEG (quality 82). */
export async function renderDemoAvatar(profile: TDemoProfile, size: number): Promise<Buffer> {
  return sharp(Buffer.from(demoAvatarSvg(profile, size)))
    .resize(size, size)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer();
}
