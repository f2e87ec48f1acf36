import { LOCALES } from './locales.ts';

type TTree = { [key: string]: string | TTree };
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Phrases legitimately identical to English in some locales (brands such as Apple Pay, legal citation). */
const SAME_AS_ENGLISH_OK = new Set(['meta.title', 'home.location', 'payment_methods.applepay']);

/** Flattens a nested catalogue into dotted keys. */
export function flatten(tree: TTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const tags = (value: string) =>
  [...value.matchAll(/<\/?([a-z]+)>/g)]
    .map((m) => m[0])
    .sort()
    .join(',');

const placeholders = (value: string) =>
  [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/** A sentence (two or more words of three letters or more) left identical to English counts as untranslated. */
function looksUntranslated(value: string, english: string): boolean {
  if (value !== english) return false;
  const words = english.replace(/\{\{\w+\}\}/g, '').match(/\p{L}{3,}/gu) ?? [];
  return words.length >= 2;
}

/** Lists every problem: missing or extra keys, placeholder mismatches, missing plural categories, English left over. */
export function checkCatalogues(catalogues: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const en = flatten((catalogues.en ?? {}) as TTree);
  const singles = Object.keys(en).filter((k) => !PLURAL.test(k));
  const pluralBases = [
    ...new Set(
      Object.keys(en)
        .filter((k) => PLURAL.test(k))
        .map((k) => k.replace(PLURAL, '')),
    ),
  ];
  for (const lng of LOCALES) {
    const tree = catalogues[lng];
    if (!tree) {
      problems.push(`${lng}: catalogue missing`);
      continue;
    }
    const cat = flatten(tree as TTree);
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    const expected = new Set(singles);
    for (const base of pluralBases) for (const c of categories) expected.add(`${base}_${c}`);
    for (const key of expected) {
      const value = cat[key];
      const source = en[key] ?? en[`${key.replace(PLURAL, '')}_other`];
      if (value === undefined) problems.push(`${lng}: missing ${key}`);
      else if (!value.trim()) problems.push(`${lng}: empty ${key}`);
      else {
        const base = PLURAL.test(key) ? en[`${key.replace(PLURAL, '')}_other`] : source;
        const want = placeholders(base);
        const got = placeholders(value);
        // The _one form may spell out "one" instead of {{count}}.
        const okOne = key.endsWith('_one') && want.replace(/(^|,)count(,|$)/, '$1').replace(/^,|,$/g, '') === got;
        if (want !== got && !okOne) problems.push(`${lng}: placeholders of ${key} are [${got}], expected [${want}]`);
        if (tags(base) !== tags(value))
          problems.push(`${lng}: tags of ${key} are [${tags(value)}], expected [${tags(base)}]`);
        if (lng !== 'en' && !SAME_AS_ENGLISH_OK.has(key) && looksUntranslated(value, source)) {
          problems.push(`${lng}: ${key} is still English: "${value}"`);
        }
      }
    }
    for (const key of Object.keys(cat)) {
      if (!expected.has(key)) problems.push(`${lng}: unexpected key ${key}`);
    }
  }
  return problems;
}
