import { hash, verify } from '@node-rs/argon2';
import { type FeedbackType, ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import * as esEs from '@zxcvbn-ts/language-es-es';
import * as fi from '@zxcvbn-ts/language-fi';
import * as fr from '@zxcvbn-ts/language-fr';
import * as it from '@zxcvbn-ts/language-it';
import * as nlBe from '@zxcvbn-ts/language-nl-be';
import * as pl from '@zxcvbn-ts/language-pl';
import { AppError } from './app-error.ts';

/** The lowest zxcvbn score a new password must reach (3: "safely unguessable", about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

/**
 * Unicode NFC form of a password: the same characters typed on another keyboard or system (composed 'é' or decomposed
 * 'e' + U+0301) give the same hash.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFC');
}

/** The argon2 hash of a password, in NFC form. */
export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password));
}

/**
 * Whether a password matches a stored hash (false on a malformed hash). The NFC form is tried first; a hash stored
 * before passwords were normalized may hold another form, so the password as typed is tried too when it differs.
 */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  const nfc = normalizePassword(password);
  if (await verify(storedHash, nfc).catch(() => false)) return true;
  return nfc !== password && (await verify(storedHash, password).catch(() => false));
}

/** The catalogue keys of the hints, one per kind of weakness zxcvbn reports. */
export type TPasswordHint =
  | 'password_strength.common'
  | 'password_strength.keyboard'
  | 'password_strength.repeat'
  | 'password_strength.dates'
  | 'password_strength.names'
  | 'password_strength.personal'
  | 'password_strength.weak';

const HINT_BY_WARNING: Record<string, TPasswordHint> = {
  topTen: 'password_strength.common',
  topHundred: 'password_strength.common',
  common: 'password_strength.common',
  similarToCommon: 'password_strength.common',
  pwned: 'password_strength.common',
  straightRow: 'password_strength.keyboard',
  keyPattern: 'password_strength.keyboard',
  simpleRepeat: 'password_strength.repeat',
  extendedRepeat: 'password_strength.repeat',
  sequences: 'password_strength.repeat',
  recentYears: 'password_strength.dates',
  dates: 'password_strength.dates',
  wordByItself: 'password_strength.names',
  namesByThemselves: 'password_strength.names',
  commonNames: 'password_strength.names',
  userInputs: 'password_strength.personal',
};

/** Dictionaries of a language pack with the language in each name (v3 packs name them alike, e.g. `commonWords`). */
function tagged(lang: string, dictionary: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(dictionary).map(([k, v]) => [k.includes('-') ? k : `${k}-${lang}`, v]));
}

let estimator: ZxcvbnFactory | undefined;

/** The estimator with the common (leaked passwords, diceware) and per-language dictionaries, built on first use. */
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    // Past a few substitutions the l33t variants explode (200 ms for a 12-character password); such a password is long
    // and varied enough that its other matches still score it.
    l33tMaxSubstitutions: 8,
    dictionary: {
      ...common.dictionary,
      ...tagged('en', en.dictionary),
      ...tagged('de', de.dictionary),
      ...tagged('es', esEs.dictionary),
      ...tagged('fi', fi.dictionary),
      ...tagged('fr', fr.dictionary),
      ...tagged('it', it.dictionary),
      ...tagged('nl', nlBe.dictionary),
      ...tagged('pl', pl.dictionary),
    },
  });
  return estimator;
}

/** The hint for zxcvbn's feedback: its warning's kind, or the general one. */
function hintFor(feedback: FeedbackType): TPasswordHint {
  return (feedback.warning && HINT_BY_WARNING[feedback.warning]) || 'password_strength.weak';
}

/** What of a site a password must not be built on: its name, sender name, domain and the company's brand names. */
export type TPasswordSite = { name: string; domain: string; mailName?: string; company?: { tradenames: string[] } };

/**
 * The words of a site that count as known to a guesser (`Amora2026!` on Amora, `Liefde2026!` on liefde.nl): the site's
 * name and sender name, its domain (split into its labels by `passwordWeakness`) and the white-label brand names of
 * every site of the company.
 */
export function siteWords(site: TPasswordSite): string[] {
  return [site.name, site.mailName ?? '', site.domain, ...(site.company?.tradenames ?? [])];
}

/** A known word and its parts: split at address and domain punctuation and at inner capitals (`ReifeLust`). */
function wordParts(value: string): string[] {
  const camel = value.replace(/([a-z])([A-Z])/g, '$1 $2');
  const parts = camel.split(/[\s@.+_-]+/).map((v) => v.toLowerCase());
  return [value.toLowerCase(), ...parts];
}

/**
 * Null when a new password is strong enough (zxcvbn score ≥ 3, the member's email, its local part, their name and the
 * site's words counting as known words), else the catalogue key of a hint saying why not.
 */
export function passwordWeakness(password: string, userInputs: (string | null | undefined)[]): TPasswordHint | null {
  const inputs = userInputs
    .filter((v): v is string => Boolean(v))
    .flatMap(wordParts)
    .filter((v, i, all) => v.length >= 3 && all.indexOf(v) === i);
  const result = getEstimator().check(normalizePassword(password), inputs);
  return result.score >= PASSWORD_MIN_SCORE ? null : hintFor(result.feedback);
}

/** Refuses a weak new password with `invalid_request` and the hint on the `password` field. */
export function assertStrongPassword(password: string, userInputs: (string | null | undefined)[]): void {
  const hint = passwordWeakness(password, userInputs);
  if (hint) throw new AppError('invalid_request', { issues: [{ path: 'password', message: hint }] });
}
