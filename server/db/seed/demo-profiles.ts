import type { Faker } from '@faker-js/faker';
import * as F from '@faker-js/faker';
import { COUNTRIES, COUNTRY_LOCALES, type TLocale } from '#common/locales.ts';
import type {
  TBodyType,
  TEyeColor,
  TGender,
  THairColor,
  TInterest,
  TRelationshipStatus,
  TSexuality,
  TTattoos,
} from '#common/profile-attributes.ts';
import { INTEREST_KEYS } from '#common/profile-attributes.ts';
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
// faker locale naming people per `locale` or `COUNTRY-locale` (faker v10 has no en_NZ or it_CH; Ticino uses it).
const FAKER_IDS =
  'da:DA de:DE en:EN es:ES fi:FI fr:FR it:IT nb:NB_NO nl:NL pl:PL sv:SV US-en:EN_US US-es:ES_MX BE-nl:NL_BE '
    .concat(
      'BE-fr:FR_BE AT-de:DE_AT IE-en:EN_IE GB-en:EN_GB CA-en:EN_CA CA-fr:FR_CA AU-en:EN_AU NZ-en:EN_AU CH-de:DE_CH ',
    )
    .concat('CH-fr:FR_CH CH-en:DE_CH');
const FAKERS = new Map(
  FAKER_IDS.split(' ').map((e) => [
    e.split(':')[0],
    (F as unknown as Record<string, Faker>)[`faker${e.split(':')[1]}`],
  ]),
);

// Quotas (exact shares per run): 60% women, 40% men; ages skewed 22..55 with every niche well represented.
const PERSONAS = {
  'female:hetero': 44,
  'female:bi': 9,
  'female:lesbian': 7,
  'male:hetero': 30,
  'male:gay': 7,
  'male:bi': 3,
};
const AGE_BANDS: Record<TGender, Record<string, number>> = {
  female: { '18-21': 7, '22-34': 33, '35-55': 46, '56-59': 4, '60-75': 10 },
  male: { '18-21': 6, '22-34': 35, '35-55': 44, '56-59': 5, '60-75': 10 },
};
const COUNTRY_W: Record<string, number> = { US: 14, GB: 9, DE: 9, FR: 7, IT: 6, ES: 6, NL: 5, CA: 5, AU: 5, PL: 5 };
type TLook = 'north' | 'south' | 'celtic' | 'mid';
const lookOf = (c: string): TLook =>
  'NL DK NO SE FI'.includes(c) ? 'north' : 'IT ES'.includes(c) ? 'south' : 'IE GB'.includes(c) ? 'celtic' : 'mid';
const HAIR_BASE: Record<TLook, Partial<Record<THairColor, number>>> = {
  north: { blond: 40, brown: 35, black: 8, red: 5 },
  south: { blond: 8, brown: 50, black: 32, red: 4 },
  celtic: { blond: 22, brown: 45, black: 15, red: 12 },
  mid: { blond: 22, brown: 48, black: 18, red: 5 },
};
const EYES: Record<TLook, Record<TEyeColor, number>> = {
  north: { blue: 45, green: 12, brown: 18, grey: 12, hazel: 10, other: 2 },
  south: { blue: 10, green: 10, brown: 60, grey: 4, hazel: 14, other: 2 },
  celtic: { blue: 38, green: 16, brown: 25, grey: 8, hazel: 11, other: 2 },
  mid: { blue: 28, green: 13, brown: 38, grey: 7, hazel: 12, other: 2 },
};
const BODY: Record<TGender, Partial<Record<TBodyType, number>>> = {
  female: { slim: 22, average: 32, athletic: 14, curvy: 20, full_figured: 12 },
  male: { slim: 18, average: 40, athletic: 30, full_figured: 12 },
};
const HEIGHT_SHIFT: Record<string, number> = { NL: 3, DK: 1, NO: 1, SE: 1, FI: 1, DE: 1, AT: 1, CH: 1, IT: -2, ES: -2 };
const KINKY: TInterest[] = ['bondage', 'sadomasochism'];
const COMMON = ' adventure animals beach coffee cooking dancing foodie hiking hugging kissing massages movies music ';
const COMMON2 = ' outdoors photography reading relationship travelling wine ';
const SPICY = ' anal_sex exchanging_pictures masturbating one_night_stand oral_sex public_sex sex sex_toys threesome ';
const interestWeight = (k: string): number =>
  (COMMON + COMMON2).includes(` ${k} `) ? 5 : SPICY.includes(` ${k} `) ? 0.8 : 2.5;
const INTEREST_POOL = INTEREST_KEYS.filter((k) => !KINKY.includes(k)).map((k) => [k, interestWeight(k)] as const);
// Sentence layouts: O opener, L like, K looking for, C closer.
const LAYOUTS = { L: 3, O: 3, OL: 10, LK: 10, OK: 5, OLK: 20, LKC: 10, OLC: 8, OLKC: 18, OLLK: 8, LLC: 5 };

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
  let r = rng() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1][0];
}

const weightedKey = <K extends string>(rng: TRng, table: Partial<Record<K, number>>): K =>
  weighted(rng, Object.entries(table) as [K, number][]);

/** Exactly proportional labels (largest remainder), shuffled: guarantees quotas for any seed. */
function deck<K extends string>(rng: TRng, n: number, table: Record<K, number>): K[] {
  const entries = Object.entries(table) as [K, number][];
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const exact = entries.map(([, w]) => (n * w) / total);
  const counts = exact.map(Math.floor);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const missing = n - counts.reduce((s, c) => s + c, 0);
  for (let k = 0; k < missing; k++) counts[order[k][1]]++;
  const out = entries.flatMap(([key], i) => Array.from({ length: counts[i] }, () => key));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
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
  const styles: TWeighted<string> = [
    [first, 22],
    [`${first}_${yy}`, 14],
    [`${cap}${yy}`, 9],
    [`${h}.${l}${c[0]}`, 10],
    [`${h}_${c.slice(0, 8)}`, 8],
    [`${h}${year}`, 7],
    [`${cap}${l.toUpperCase()}`, 8],
    [`${h}.${place.country.toLowerCase()}`, 5],
    [`${cap}_${int(rng, 2, 99)}`, 5],
    [`${h}${l}${yy}`, 4],
  ];
  for (let attempt = 0; attempt < 8; attempt++) {
    const name = weighted(rng, styles);
    if (!used.has(name.toLowerCase())) return name;
  }
  for (let n = 2; ; n++) if (!used.has(`${h}_${yy}${n}`)) return `${h}_${yy}${n}`;
}

function hairFor(rng: TRng, gender: TGender, age: number, look: TLook): THairColor {
  const grey = (age < 40 ? 0 : age < 50 ? 8 : age < 60 ? 25 : 70) * (gender === 'female' ? 0.5 : 1);
  const bald = gender === 'male' ? (age < 25 ? 1 : age < 40 ? 6 : age < 55 ? 14 : 22) : 0;
  const other = gender === 'female' ? (age < 35 ? 6 : 2) : 1;
  return weightedKey<THairColor>(rng, { ...HAIR_BASE[look], grey, bald, other });
}

function statusFor(rng: TRng, age: number): TRelationshipStatus {
  const [single, divorced, widowed, in_relationship, married, open_relationship] =
    age < 30 ? [80, 2, 0, 4, 2, 6] : age <= 50 ? [55, 25, 1, 5, 6, 7] : [40, 35, 12, 3, 6, 4];
  return weightedKey(rng, { single, divorced, widowed, in_relationship, married, open_relationship });
}

function tattoosFor(rng: TRng, age: number): TTattoos {
  const [none, one, some, many] = age < 35 ? [40, 25, 25, 10] : age <= 55 ? [55, 22, 17, 6] : [75, 15, 8, 2];
  return weightedKey(rng, { none, one, some, many });
}

function heightFor(rng: TRng, gender: TGender, country: string): number {
  const [mean, sd, min, max] = gender === 'female' ? [166, 6.5, 148, 190] : [180, 7, 158, 205];
  const normal = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return Math.min(max, Math.max(min, Math.round(mean + (HEIGHT_SHIFT[country] ?? 0) + sd * normal)));
}

function aboutMeFor(rng: TRng, locale: TLocale, gender: TGender, city: string): { text: string; tags: TInterest[] } {
  const t = TEXTS[locale];
  const like1 = pick(rng, t.likes);
  const others = t.likes.filter((l) => l !== like1);
  const likes = [like1, pick(rng, others)];
  const parts: string[] = [];
  const tags: TInterest[] = [];
  for (const slot of weightedKey(rng, LAYOUTS)) {
    if (slot === 'O') parts.push(pick(rng, t.openers));
    if (slot === 'K') parts.push(pick(rng, t.looking));
    if (slot === 'C') parts.push(pick(rng, t.closers));
    if (slot === 'L') {
      const [text, interests] = likes.shift() ?? like1;
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
  while (out.size < target) out.add(weighted(rng, INTEREST_POOL));
  return [...out].slice(0, 8);
}

/** Generates `count` varied, deterministic demo profiles for the given seed, with ages relative to `now`. */
export function generateDemoProfiles(count: number, seed: number, now: Date): TDemoProfile[] {
  const rng = seededRandom(seed);
  const personas = deck(rng, count, PERSONAS).map((p) => p.split(':') as [TGender, TSexuality]);
  const countries = deck(rng, count, Object.fromEntries(COUNTRIES.map((c) => [c, COUNTRY_W[c] ?? 3.5])));
  const kinky = deck(rng, count, { yes: 10, no: 90 }).map((k) => k === 'yes');
  const females = personas.filter(([g]) => g === 'female').length;
  const bands = { female: deck(rng, females, AGE_BANDS.female), male: deck(rng, count - females, AGE_BANDS.male) };
  const used = new Set<string>();
  const profiles: TDemoProfile[] = [];
  for (let i = 0; i < count; i++) {
    const [gender, sexuality] = personas[i];
    const [lo, hi] = (bands[gender].pop() ?? '22-55').split('-').map(Number);
    const age = lo + Math.floor(Math.min(rng(), lo >= 56 ? rng() : 1) * (hi - lo + 1));
    const birthDate = birthDateFor(rng, age, now);
    const places = placesForCountry(countries[i]).map((p, k) => [p, 1 / (1 + 0.12 * k)] as const);
    const place = weighted(rng, places);
    const look = lookOf(place.country);
    const locale = pickLocale(rng, place);
    const fk = FAKERS.get(`${place.country}-${locale}`) ?? FAKERS.get(locale) ?? F.fakerEN;
    fk.seed(int(rng, 0, 2 ** 31 - 1));
    const first = fk.person.firstName(gender).split(' ')[0];
    const name = userName(rng, first, fk.person.lastName(), Number(birthDate.slice(0, 4)), place, used);
    used.add(name.toLowerCase());
    const bodyType = weightedKey<TBodyType>(rng, BODY[gender]);
    const about = aboutMeFor(rng, locale, gender, place.city);
    const interests = interestsFor(rng, about.tags, kinky[i]);
    const { country, regionCode, region, city } = place;
    profiles.push({
      name,
      gender,
      sexuality,
      birthDate,
      country,
      regionCode,
      region,
      city,
      locale,
      aboutMe: about.text,
      bodyType,
      hairColor: hairFor(rng, gender, age, look),
      eyeColor: weightedKey(rng, EYES[look]),
      relationshipStatus: statusFor(rng, age),
      tattoos: tattoosFor(rng, age),
      heightCm: heightFor(rng, gender, country),
      interests,
      niches: demoNiches({ gender, sexuality, bodyType, interests }, age),
      isFictional: rng() < 0.3,
      avatarSeed: int(rng, 1, 2 ** 31 - 1),
    });
  }
  return profiles;
}
