import { z } from 'zod';
import { zText } from './text.ts';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOO_OPTIONS,
} from './profile-attributes.ts';

/** Whom a member may look for: men, women or both (signup's "I am looking for", the profile form). */
export const SEEKING = ['male', 'female', 'both'] as const;

/** About-me length limit (spec: 'not shown'; long enough for a real introduction, short enough to read). */
export const ABOUT_ME_MAX = 2000;
/** Interests a member may pick (spec: 'not shown'). */
export const INTERESTS_MAX = 15;
/** Height range accepted, in centimetres. */
export const HEIGHT_MIN_CM = 120;
export const HEIGHT_MAX_CM = 230;
/** City names are free text up to this length (the dataset's longest names fit). */
export const CITY_MAX = 80;

const INTEREST_KEYS = INTERESTS.map(([key]) => key) as [string, ...string[]];
/** An optional attribute: one of its options, or empty for 'not told'. */
const optional = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, 'validation.choose_option').nullable();

/** Everything a member edits on /profile (spec §2 profile settings); messages are catalogue keys. */
export const ZProfileUpdate = z.object({
  gender: z.enum(GENDERS, 'validation.choose_gender'),
  /**
   * Optional (GDPR Art. 9): empty clears it, leaving it out keeps it; a value is only stored with a live orientation
   * consent (checked by the service).
   */
  sexuality: optional(SEXUALITIES).optional(),
  /**
   * Whom the member looks for (issue 31: their own choice, not their orientation; it drives search's default gender, the
   * swipe game and suggestions with or without the Art. 9 consent). Left out keeps the current choice.
   */
  seeking: z.enum(SEEKING, 'validation.choose_looking_for').optional(),
  /** Show the orientation on the profile (to logged-in members only); left out keeps the current choice. */
  show_sexuality: z.boolean('validation.choose_option').optional(),
  hair_color: optional(HAIR_COLORS),
  eye_color: optional(EYE_COLORS),
  body_type: optional(BODY_TYPES),
  relationship_status: optional(RELATIONSHIP_STATUSES),
  tattoos: optional(TATTOO_OPTIONS),
  height_cm: z
    .number('validation.height_range')
    .int('validation.height_range')
    .min(HEIGHT_MIN_CM, 'validation.height_range')
    .max(HEIGHT_MAX_CM, 'validation.height_range')
    .nullable(),
  about_me: zText().trim().max(ABOUT_ME_MAX, 'validation.about_me_length'),
  interests: z
    .array(z.enum(INTEREST_KEYS, 'validation.choose_option'))
    .max(INTERESTS_MAX, 'validation.interests_max')
    .transform((list) => [...new Set(list)]),
  country: zText().length(2, 'validation.required'),
  region_code: zText().min(1, 'validation.required').max(10, 'validation.required'),
  city: zText().trim().min(1, 'validation.required').max(CITY_MAX, 'validation.required'),
});

export type TProfileUpdate = z.input<typeof ZProfileUpdate>;
