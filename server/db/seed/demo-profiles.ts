import {
  type Faker,
  fakerDA,
  fakerDE,
  fakerDE_AT,
  fakerDE_CH,
  fakerEN,
  fakerEN_AU,
  fakerEN_CA,
  fakerEN_GB,
  fakerEN_IE,
  fakerEN_US,
  fakerES,
  fakerES_MX,
  fakerFI,
  fakerFR,
  fakerFR_BE,
  fakerFR_CA,
  fakerFR_CH,
  fakerIT,
  fakerNB_NO,
  fakerNL,
  fakerNL_BE,
  fakerPL,
  fakerSV,
} from '@faker-js/faker';
import { COUNTRIES, COUNTRY_LOCALES, type TLocale } from '../../../common/locales.ts';
import type {
  TBodyType,
  TEyeColor,
  TGender,
  THairColor,
  TInterest,
  TRelationshipStatus,
  TSexuality,
  TTattoos,
} from '../../../common/profile-attributes.ts';
import { INTEREST_KEYS } from '../../../common/profile-attributes.ts';
import { placesForCountry, type TDemoPlace } from './demo-places.ts';
import { DEMO_TEXTS_DA } from './demo-texts-da.ts';
import { DEMO_TEXTS_DE } from './demo-texts-de.ts';
import { DEMO_TEXTS_EN } from './demo-texts-en.ts';
import { DEMO_TEXTS_ES } from './demo-texts-es.ts';
import { DEMO_TEXTS_FI } from './demo-texts-fi.ts';
import { DEMO_TEXTS_FR } from './demo-texts-fr.ts';
import { DEMO_TEXTS_IT } from './demo-texts-it.ts';
import { DEMO_TEXTS_NB } from './demo-texts-nb.ts';
import { DEMO_TEXTS_NL } from './demo-texts-nl.ts';
import { DEMO_TEXTS_PL } from './demo-texts-pl.ts';
import { DEMO_TEXTS_SV } from './demo-texts-sv.ts';

export interface TDemoProfile {
  name: string;
  gender: TGender;
  sexuality: TSexuality;
  birthDate: string;
  country: string;
  regionCode: string;
  region: string;
  city: string;
  locale: TLocale;
  aboutMe: string;
  hairColor: THairColor;
  eyeColor: TEyeColor;
  bodyType: TBodyType;
  relationshipStatus: TRelationshipStatus;
  tattoos: TTattoos;
  heightCm: number;
  interests: TInterest[];
  niches: number[];
  isFictional: boolean;
  avatarSeed: number;
}

/** About-me phrase pools of one language: `{city}` is replaced, `[female|male]` picks by the writer's gender. */
export interface TDemoTexts {
  openers: readonly string[];
  likes: readonly (readonly [text: string, interests: readonly TInterest[]])[];
  looking: readonly string[];
  closers: readonly string[];
}

type TRng = () => number;
type TWeighted<T> = readonly (readonly [T, number])[];

const TEXTS: Record<TLocale, TDemoTexts> = {
  da: DEMO_TEXTS_DA,
  de: DEMO_TEXTS_DE,
  en: DEMO_TEXTS_EN,
  es: DEMO_TEXTS_ES,
  fi: DEMO_TEXTS_FI,
  fr: DEMO_TEXTS_FR,
  it: DEMO_TEXTS_IT,
  nb: DEMO_TEXTS_NB,
  nl: DEMO_TEXTS_NL,
  pl: DEMO_TEXTS_PL,
  sv: DEMO_TEXTS_SV,
};

const FAKER_BY_LOCALE: Record<TLocale, Faker> = {
  da: fakerDA,
  de: fakerDE,
  en: fakerEN,
  es: fakerES,
  fi: fakerFI,
  fr: fakerFR,
  it: fakerIT,
  nb: fakerNB_NO,
  nl: fakerNL,
  pl: fakerPL,
  sv: fakerSV,
};
// faker v10 has no en_NZ or it_CH; NZ uses en_AU, Italian-speaking Switzerland uses it.
const FAKER_BY_COUNTRY: Record<string, Partial<Record<TLocale, Faker>>> = {
  US: { en: fakerEN_US, es: fakerES_MX },
  BE: { nl: fakerNL_BE, fr: fakerFR_BE },
  AT: { de: fakerDE_AT },
  IE: { en: fakerEN_IE },
  GB: { en: fakerEN_GB },
  CA: { en: fakerEN_CA, fr: fakerFR_CA },
  AU: { en: fakerEN_AU },
  NZ: { en: fakerEN_AU },
  CH: { de: fakerDE_CH, fr: fakerFR_CH, en: fakerDE_CH },
};

const PERSONAS: TWeighted<readonly [TGender, TSexuality]> = [
  [['female', 'hetero'], 44],
  [['female', 'bi'], 9],
  [['female', 'lesbian'], 7],
  [['male', 'hetero'], 30],
  [['male', 'gay'], 6.5],
  [['male', 'bi'], 3.5],
];
const AGE_BANDS: Record<TGender, TWeighted<readonly [number, number]>> = {
  female: [
    [[18, 21], 7],
    [[22, 34], 33],
    [[35, 55], 46],
    [[56, 59], 4],
    [[60, 75], 10],
  ],
  male: [
    [[18, 21], 6],
    [[22, 34], 35],
    [[35, 55], 44],
    [[56, 59], 5],
    [[60, 75], 10],
  ],
};
const COUNTRY_WEIGHT: Record<string, number> = {
  US: 14,
  GB: 9,
  DE: 9,
  FR: 7,
  IT: 6,
  ES: 6,
  NL: 5,
  CA: 5,
  AU: 5,
  PL: 5,
};
const NORTH = ['NL', 'DK', 'NO', 'SE', 'FI'];
const SOUTH = ['IT', 'ES'];
const CELTIC = ['IE', 'GB'];
const KINKY: TInterest[] = ['bondage', 'sadomasochism'];
const SPICY = new Set<string>([
  'anal_sex',
  'exchanging_pictures',
  'masturbating',
  'one_night_stand',
  'oral_sex',
  'public_sex',
  'sex',
  'sex_toys',
  'threesome',
]);
const COMMON = new Set<string>([
  'adventure',
  'animals',
  'beach',
  'coffee',
  'cooking',
  'dancing',
  'foodie',
  'hiking',
  'hugging',
  'kissing',
  'massages',
  'movies',
  'music',
  'outdoors',
  'photography',
  'reading',
  'relationship',
  'travelling',
  'wine',
]);

/** Deterministic PRNG (mulberry32) returning floats in [0, 1) for the given integer seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whole years between a 'YYYY-MM-DD' birth date and `now` (UTC). */
export function ageAt(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  return now.getUTCFullYear() - y - (beforeBirthday ? 1 : 0);
}

/** Niche ids (spec §1) a demo profile belongs to; always includes 1 (general). */
export function demoNiches(
  p: Pick<TDemoProfile, 'gender' | 'sexuality' | 'bodyType' | 'interests'>,
  age: number,
): number[] {
  const female = p.gender === 'female';
  const niches = [1];
  if (female && (p.sexuality === 'lesbian' || p.sexuality === 'bi')) niches.push(2);
  if (p.interests.some((i) => KINKY.includes(i))) niches.push(3);
  if (female && (p.bodyType === 'curvy' || p.bodyType === 'full_figured')) niches.push(4);
  if (female && age >= 60) niches.push(5);
  if (female && age >= 35 && age <= 55) niches.push(6);
  if (!female && (p.sexuality === 'gay' || p.sexuality === 'bi')) niches.push(7);
  return niches;
}

const int = (rng: TRng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: TRng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

function weighted<T>(rng: TRng, entries: TWeighted<T>): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [value, w] of entries) if ((r -= w) < 0) return value;
  return entries[entries.length - 1][0];
}

/** Exactly proportional labels (largest remainder), shuffled: guarantees quotas for any seed. */
function deck<T>(rng: TRng, n: number, entries: TWeighted<T>): T[] {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const exact = entries.map(([, w]) => (n * w) / total);
  const counts = exact.map(Math.floor);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const missing = n - counts.reduce((s, c) => s + c, 0);
  for (let k = 0; k < missing; k++) counts[order[k][1]]++;
  const out = entries.flatMap(([value], i) => Array.from({ length: counts[i] }, () => value));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function gauss(rng: TRng, mean: number, sd: number): number {
  return mean + sd * Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

function ascii(s: string): string {
  const folded = s.replace(/[øØ]/g, 'o').replace(/[æÆ]/g, 'ae').replace(/ß/g, 'ss').replace(/[łŁ]/g, 'l');
  return folded.normalize('NFD').replace(/[^A-Za-z0-9]/g, '');
}

function birthDateFor(rng: TRng, age: number, now: Date): string {
  const anchor = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), Math.min(now.getUTCDate(), 28));
  for (let back = int(rng, 0, 363); ; back--) {
    const iso = new Date(anchor - back * 86_400_000).toISOString().slice(0, 10);
    if (ageAt(iso, now) === age || back <= 0) return iso;
  }
}

function pickLocale(rng: TRng, place: TDemoPlace): TLocale {
  const visible = COUNTRY_LOCALES[place.country];
  const local = (place.langs ?? [visible[0]]).filter((l) => visible.includes(l));
  const others = visible.filter((l) => !local.includes(l));
  const entries: [TLocale, number][] = local.map((l, i) => [l, i === 0 ? 80 : 15 / (local.length - 1)]);
  for (const l of others) entries.push([l, 5 / others.length]);
  return weighted(rng, entries);
}

function userName(rng: TRng, first: string, last: string, year: number, place: TDemoPlace, used: Set<string>): string {
  const h = ascii(first).toLowerCase() || 'amora';
  const cap = h[0].toUpperCase() + h.slice(1);
  const l = (ascii(last)[0] ?? 'x').toLowerCase();
  const c = ascii(place.city).toLowerCase();
  const yy = String(year % 100).padStart(2, '0');
  const styles: TWeighted<() => string> = [
    [() => first, 22],
    [() => `${first}_${yy}`, 14],
    [() => `${cap}${yy}`, 9],
    [() => `${h}.${l}${c[0]}`, 10],
    [() => `${h}_${c.slice(0, 8)}`, 8],
    [() => `${h}${year}`, 7],
    [() => `${cap}${l.toUpperCase()}`, 8],
    [() => `${h}.${place.country.toLowerCase()}`, 5],
    [() => `${cap}_${int(rng, 2, 99)}`, 5],
    [() => `${h}${l}${yy}`, 4],
  ];
  for (let attempt = 0; attempt < 8; attempt++) {
    const name = weighted(rng, styles)();
    if (!used.has(name.toLowerCase())) return name;
  }
  for (let n = 2; ; n++) if (!used.has(`${h}_${yy}${n}`)) return `${h}_${yy}${n}`;
}

function hairFor(rng: TRng, gender: TGender, age: number, country: string): THairColor {
  const group = NORTH.includes(country) ? 0 : SOUTH.includes(country) ? 1 : CELTIC.includes(country) ? 2 : 3;
  const base = [
    [40, 35, 8, 5],
    [8, 50, 32, 4],
    [22, 45, 15, 12],
    [22, 48, 18, 5],
  ][group];
  const grey = (age < 40 ? 0 : age < 50 ? 8 : age < 60 ? 25 : 70) * (gender === 'female' ? 0.5 : 1);
  const bald = gender === 'male' ? (age < 25 ? 1 : age < 40 ? 6 : age < 55 ? 14 : 22) : 0;
  const other = gender === 'female' ? (age < 35 ? 6 : 2) : 1;
  return weighted(rng, [
    ['blond', base[0]],
    ['brown', base[1]],
    ['black', base[2]],
    ['red', base[3]],
    ['grey', grey],
    ['bald', bald],
    ['other', other],
  ]);
}

function eyesFor(rng: TRng, country: string): TEyeColor {
  const w = NORTH.includes(country)
    ? [45, 12, 18, 12, 10]
    : SOUTH.includes(country)
      ? [10, 10, 60, 4, 14]
      : CELTIC.includes(country)
        ? [38, 16, 25, 8, 11]
        : [28, 13, 38, 7, 12];
  return weighted(rng, [
    ['blue', w[0]],
    ['green', w[1]],
    ['brown', w[2]],
    ['grey', w[3]],
    ['hazel', w[4]],
    ['other', 2],
  ]);
}

function statusFor(rng: TRng, age: number): TRelationshipStatus {
  const w = age < 30 ? [80, 2, 0, 4, 2, 6] : age <= 50 ? [55, 25, 1, 5, 6, 7] : [40, 35, 12, 3, 6, 4];
  return weighted(rng, [
    ['single', w[0]],
    ['divorced', w[1]],
    ['widowed', w[2]],
    ['in_relationship', w[3]],
    ['married', w[4]],
    ['open_relationship', w[5]],
  ]);
}

function tattoosFor(rng: TRng, age: number): TTattoos {
  const w = age < 35 ? [40, 25, 25, 10] : age <= 55 ? [55, 22, 17, 6] : [75, 15, 8, 2];
  return weighted(rng, [
    ['none', w[0]],
    ['one', w[1]],
    ['some', w[2]],
    ['many', w[3]],
  ]);
}

function heightFor(rng: TRng, gender: TGender, country: string): number {
  const shift =
    country === 'NL'
      ? 3
      : NORTH.includes(country) || ['DE', 'AT', 'CH'].includes(country)
        ? 1
        : SOUTH.includes(country)
          ? -2
          : 0;
  const h = Math.round(gauss(rng, (gender === 'female' ? 166 : 180) + shift, gender === 'female' ? 6.5 : 7));
  return Math.min(gender === 'female' ? 190 : 205, Math.max(gender === 'female' ? 148 : 158, h));
}

function aboutMeFor(rng: TRng, locale: TLocale, gender: TGender, city: string): { text: string; tags: TInterest[] } {
  const t = TEXTS[locale];
  const like1 = pick(rng, t.likes);
  const like2 = pick(
    rng,
    t.likes.filter((l) => l !== like1),
  );
  const layouts: TWeighted<string> = [
    ['L', 3],
    ['O', 3],
    ['OL', 10],
    ['LK', 10],
    ['OK', 5],
    ['OLK', 20],
    ['LKC', 10],
    ['OLC', 8],
    ['OLKC', 18],
    ['OLLK', 8],
    ['LLC', 5],
  ];
  const layout = weighted(rng, layouts);
  const parts: string[] = [];
  const tags: TInterest[] = [];
  let likeIndex = 0;
  for (const slot of layout) {
    if (slot === 'O') parts.push(pick(rng, t.openers));
    if (slot === 'K') parts.push(pick(rng, t.looking));
    if (slot === 'C') parts.push(pick(rng, t.closers));
    if (slot === 'L') {
      const [text, interests] = likeIndex++ === 0 ? like1 : like2;
      parts.push(text);
      tags.push(...interests);
    }
  }
  const text = parts
    .join(' ')
    .replaceAll('{city}', city)
    .replace(/\[([^|\]]*)\|([^\]]*)\]/g, (_, f: string, m: string) => (gender === 'female' ? f : m));
  return { text, tags };
}

function interestsFor(rng: TRng, tags: TInterest[], kinky: boolean): TInterest[] {
  const out = new Set<TInterest>();
  if (kinky) for (const k of rng() < 0.5 ? KINKY : [pick(rng, KINKY)]) out.add(k);
  for (const tag of tags) out.add(tag);
  const target = Math.max(Math.min(out.size, 8), int(rng, 3, 8));
  const pool: [TInterest, number][] = INTEREST_KEYS.filter((k) => !KINKY.includes(k)).map((k) => [
    k,
    COMMON.has(k) ? 5 : SPICY.has(k) ? 0.8 : 2.5,
  ]);
  while (out.size < target) out.add(weighted(rng, pool));
  return [...out].slice(0, 8);
}

/** Generates `count` varied, deterministic demo profiles for the given seed, with ages relative to `now`. */
export function generateDemoProfiles(count: number, seed: number, now: Date): TDemoProfile[] {
  const rng = seededRandom(seed);
  const personas = deck(rng, count, PERSONAS);
  const countries = deck(
    rng,
    count,
    COUNTRIES.map((c) => [c, COUNTRY_WEIGHT[c] ?? 3.5] as const),
  );
  const kinky = deck(rng, count, [
    [true, 10],
    [false, 90],
  ]);
  const females = personas.filter(([g]) => g === 'female').length;
  const bands = { female: deck(rng, females, AGE_BANDS.female), male: deck(rng, count - females, AGE_BANDS.male) };
  const bandIndex = { female: 0, male: 0 };
  const used = new Set<string>();
  const profiles: TDemoProfile[] = [];
  for (let i = 0; i < count; i++) {
    const [gender, sexuality] = personas[i];
    const [lo, hi] = bands[gender][bandIndex[gender]++];
    const age = lo + Math.floor(Math.min(rng(), lo >= 56 ? rng() : 1) * (hi - lo + 1));
    const birthDate = birthDateFor(rng, age, now);
    const places = placesForCountry(countries[i]);
    const place = weighted(
      rng,
      places.map((p, k) => [p, 1 / (1 + 0.12 * k)] as const),
    );
    const locale = pickLocale(rng, place);
    const fk = FAKER_BY_COUNTRY[place.country]?.[locale] ?? FAKER_BY_LOCALE[locale];
    fk.seed(int(rng, 0, 2 ** 31 - 1));
    const first = fk.person.firstName(gender).split(' ')[0];
    const name = userName(rng, first, fk.person.lastName(), Number(birthDate.slice(0, 4)), place, used);
    used.add(name.toLowerCase());
    const female = gender === 'female';
    const bodyType = weighted<TBodyType>(rng, [
      ['slim', female ? 22 : 18],
      ['average', female ? 32 : 40],
      ['athletic', female ? 14 : 30],
      ['curvy', female ? 20 : 0],
      ['full_figured', 12],
    ]);
    const about = aboutMeFor(rng, locale, gender, place.city);
    const interests = interestsFor(rng, about.tags, kinky[i]);
    profiles.push({
      name,
      gender,
      sexuality,
      birthDate,
      country: place.country,
      regionCode: place.regionCode,
      region: place.region,
      city: place.city,
      locale,
      aboutMe: about.text,
      hairColor: hairFor(rng, gender, age, place.country),
      eyeColor: eyesFor(rng, place.country),
      bodyType,
      relationshipStatus: statusFor(rng, age),
      tattoos: tattoosFor(rng, age),
      heightCm: heightFor(rng, gender, place.country),
      interests,
      niches: demoNiches({ gender, sexuality, bodyType, interests }, age),
      isFictional: rng() < 0.3,
      avatarSeed: int(rng, 1, 2 ** 31 - 1),
    });
  }
  return profiles;
}
