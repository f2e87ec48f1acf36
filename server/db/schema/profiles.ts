import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Member profiles (spec §3 Profile); demo and fictional profiles live here too. */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    sexuality: text('sexuality').notNull(),
    birthDate: date('birth_date').notNull(),
    country: text('country').notNull(),
    /** Empty until the member sets a location. */
    regionCode: text('region_code').notNull().default(''),
    city: text('city').notNull().default(''),
    /** City-level coordinates only (ARCHITECTURE §6); never sent to other members. */
    lat: real('lat'),
    lon: real('lon'),
    locale: text('locale').notNull(),
    aboutMe: text('about_me').notNull().default(''),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    heightCm: integer('height_cm'),
    interests: text('interests').array().notNull().default([]),
    niches: integer('niches')
      .array()
      .notNull()
      .default(sql`'{1}'::integer[]`),
    isFictional: boolean('is_fictional').notNull().default(false),
    status: text('status').notNull().default('active'),
    invisible: boolean('invisible').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profiles_search_idx').on(t.status, t.gender, t.country, t.birthDate),
    index('profiles_niches_idx').using('gin', t.niches),
  ],
);

/** Profile photos; files are stored under unguessable keys (spec §7 cdn prefix). */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull().unique(),
    isMain: boolean('is_main').notNull().default(false),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photos_profile_idx').on(t.profileId, t.position)],
);

/** Blocks between members (spec §6): either direction hides the two from each other and stops all contact. */
export const blocks = pgTable(
  'blocks',
  {
    blockerProfileId: integer('blocker_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedProfileId: integer('blocked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerProfileId, t.blockedProfileId] }),
    index('blocks_blocked_idx').on(t.blockedProfileId),
  ],
);
