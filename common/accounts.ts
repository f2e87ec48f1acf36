import { z } from 'zod';
import { SEEKING } from './profile-edit.ts';
import { zText } from './text.ts';

/**
 * Password length bounds for a new password (spec: 'not shown'; decided: at least 10, long passphrases allowed).
 * Login still accepts shorter passwords: existing members keep theirs until they change it.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
/** Username length bounds (spec: 'not shown'). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 24;
/** Oldest accepted age at signup. */
const MAX_AGE = 100;

/** Whole years between a YYYY-MM-DD date and today (UTC). */
export function yearsSince(date: string, now: Date): number {
  const [y, m, d] = date.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** True for a real calendar date written YYYY-MM-DD. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const ZEmail = zText()
  .trim()
  .toLowerCase()
  .max(254, 'validation.email_invalid')
  .pipe(z.email('validation.email_invalid'));

export const ZPassword = zText()
  .min(PASSWORD_MIN, 'validation.password_length')
  .max(PASSWORD_MAX, 'validation.password_length');

/** The signup form of spec §3 with every validation of spec §5; messages are catalogue keys. */
export function makeSignupSchema(minAge: number, now: () => Date = () => new Date()) {
  return z
    .object({
      email: ZEmail,
      name: zText()
        .trim()
        .min(USERNAME_MIN, 'validation.username_length')
        .max(USERNAME_MAX, 'validation.username_length')
        .refine((v) => !v.startsWith('@'), 'validation.username_at')
        .refine((v) => /^[\p{L}\p{N}._-]+$/u.test(v) || v.startsWith('@'), 'validation.username_chars'),
      password: ZPassword,
      password_confirmation: zText(),
      date_of_birth: zText().refine((v) => {
        if (!isCalendarDate(v)) return false;
        const age = yearsSince(v, now());
        return age >= minAge && age <= MAX_AGE;
      }, 'validation.dob_invalid'),
      gender: z.enum(['male', 'female'], 'validation.choose_gender'),
      looking_for: z.enum(SEEKING, 'validation.choose_looking_for'),
      signup_message: zText().trim().max(1000).optional(),
      member_id: z.number().int().positive().optional(),
      accept_terms: z.literal(true, 'validation.accept_terms'),
      /** Separate, optional consent to process data revealing sexual orientation for matching (GDPR Art. 9). */
      orientation_consent: z.boolean('validation.choose_option').optional(),
      tracking: z.record(zText(), zText().max(200)).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.name.trim().toLowerCase() === v.email) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.username_is_email' });
      }
      if (v.password !== v.password_confirmation) {
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'validation.passwords_differ' });
      }
    });
}

export type TSignupRequest = z.input<ReturnType<typeof makeSignupSchema>>;

/** A problem of one signup field: its name and the catalogue key of the message. */
export type TSignupIssue = { path: string; message: string };

/**
 * Every problem of a signup form at once: the schema's, plus the checks across fields (passwords differ, name is the
 * address), which the schema runs only once every field is valid; so a step never shows its problems one per submit.
 */
export function signupIssues(schema: ReturnType<typeof makeSignupSchema>, input: unknown): TSignupIssue[] {
  const parsed = schema.safeParse(input);
  if (parsed.success) return [];
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const form = (input ?? {}) as Record<string, unknown>;
  const has = (path: string) => issues.some((i) => i.path === path);
  if (
    !has('password_confirmation') &&
    typeof form.password_confirmation === 'string' &&
    form.password_confirmation !== '' &&
    form.password !== form.password_confirmation
  ) {
    issues.push({ path: 'password_confirmation', message: 'validation.passwords_differ' });
  }
  return issues;
}

/** Sexuality derived from the signup choice of gender and who the member is looking for. */
export function sexualityFor(gender: 'male' | 'female', lookingFor: 'male' | 'female' | 'both'): string {
  if (lookingFor === 'both') return 'bi';
  if (lookingFor === gender) return gender === 'male' ? 'gay' : 'lesbian';
  return 'hetero';
}

/** Login credentials (POST /api/user.php). */
export const ZLoginRequest = z.object({
  email: zText().trim().toLowerCase().min(1).max(254),
  password: zText().min(1).max(PASSWORD_MAX),
});
