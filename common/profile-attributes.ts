/** Profile attribute option lists (spec §3). Labels are catalogue keys `attributes.<field>.<value>`. */
export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const HAIR_COLORS = ['blond', 'brown', 'black', 'red', 'grey', 'bald', 'other'] as const;
export const EYE_COLORS = ['blue', 'green', 'brown', 'grey', 'hazel', 'other'] as const;
export const BODY_TYPES = ['slim', 'average', 'athletic', 'curvy', 'full_figured'] as const;
export const RELATIONSHIP_STATUSES = [
  'single',
  'divorced',
  'widowed',
  'in_relationship',
  'married',
  'open_relationship',
] as const;
export const TATTOO_OPTIONS = ['none', 'one', 'some', 'many'] as const;

export type TGender = (typeof GENDERS)[number];
export type TSexuality = (typeof SEXUALITIES)[number];
export type THairColor = (typeof HAIR_COLORS)[number];
export type TEyeColor = (typeof EYE_COLORS)[number];
export type TBodyType = (typeof BODY_TYPES)[number];
export type TRelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
export type TTattoos = (typeof TATTOO_OPTIONS)[number];

/** The 50 interests of spec §3 with their icons; labels are catalogue keys `interests.<key>`. */
export const INTERESTS = [
  ['adventure', '🧭'],
  ['anal_sex', '🍑'],
  ['animals', '🐾'],
  ['art', '🎨'],
  ['astrology', '♈'],
  ['barbecue', '🍖'],
  ['beach', '🏖️'],
  ['beer', '🍺'],
  ['biking', '🚴'],
  ['bondage', '⛓️'],
  ['coffee', '☕'],
  ['cooking', '🍳'],
  ['dancing', '💃'],
  ['exchanging_pictures', '📸'],
  ['fashion', '👗'],
  ['foodie', '🍽️'],
  ['gardening', '🌱'],
  ['gym', '🏋️'],
  ['hiking', '🥾'],
  ['hugging', '🤗'],
  ['kissing', '💋'],
  ['lingerie', '👙'],
  ['massages', '💆'],
  ['masturbating', '💦'],
  ['movies', '🎬'],
  ['music', '🎵'],
  ['one_night_stand', '🌙'],
  ['oral_sex', '👅'],
  ['outdoors', '🏕️'],
  ['party', '🎉'],
  ['photography', '📷'],
  ['politics', '🏛️'],
  ['public_sex', '🌳'],
  ['reading', '📚'],
  ['relationship', '💑'],
  ['sadomasochism', '🖤'],
  ['safe_sex', '🛡️'],
  ['sex', '🔥'],
  ['sex_toys', '🎁'],
  ['shopping', '🛍️'],
  ['sports', '⚽'],
  ['sushi', '🍣'],
  ['tattoos', '🖋️'],
  ['tea', '🍵'],
  ['theater', '🎭'],
  ['threesome', '👥'],
  ['travelling', '✈️'],
  ['vegetarian', '🥗'],
  ['video_games', '🎮'],
  ['wine', '🍷'],
] as const satisfies readonly (readonly [string, string])[];

export type TInterest = (typeof INTERESTS)[number][0];

/** Interest keys in display order. */
export const INTEREST_KEYS: readonly TInterest[] = INTERESTS.map(([key]) => key);

/** Region label per country (spec §3): catalogue key `regions.label.<value>`. */
export const REGION_LABELS: Record<string, 'province' | 'state' | 'canton' | 'county' | 'voivodeship' | 'region'> = {
  US: 'state',
  NL: 'province',
  BE: 'province',
  FR: 'region',
  IT: 'region',
  ES: 'province',
  DE: 'state',
  AT: 'state',
  IE: 'county',
  GB: 'county',
  CA: 'province',
  PL: 'voivodeship',
  AU: 'state',
  NZ: 'region',
  CH: 'canton',
  DK: 'region',
  FI: 'region',
  NO: 'county',
  SE: 'county',
};
