import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  unique,
  uniqueIndex,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';

/** Member profiles (spec §3 Profile); demo and fictional profiles live here too. */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    /**
     * hetero | gay | lesbian | bi; null when the member gave no (or withdrew their) consent to process data revealing
     * sexual orientation (GDPR Art. 9, consents table): then nothing is matched on it.
     */
    sexuality: text('sexuality'),
    /** Whether the member chose to show their orientation on their profile (to logged-in members only); off by default. */
    showSexuality: boolean('show_sexuality').notNull().default(false),
    /**
     * Whom the member looks for (male | female | both): their own choice at signup, not their orientation, so it needs
     * no Art. 9 consent. It drives the default gender of search, the swipe game and suggestions. Null for members from
     * before 0032 whose orientation was not stored (then both genders).
     */
    seeking: text('seeking'),
    /** The member's last search filters (gender, country, region, ages): the next search's default. */
    searchFilters: jsonb('search_filters').$type<Record<string, string | number>>(),
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
    /**
     * The site whose staff manage a fictional profile (console, issue 30); null for members (their site is
     * users.site_id) and for fictional profiles shared by every site (the demo's). Where it is listed is `niches`.
     */
    siteId: integer('site_id').references(() => sites.id),
    status: text('status').notNull().default('active'),
    invisible: boolean('invisible').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Member search, over the members it may show: holds every filter, so the matches of any search are counted
    // from this small index alone (no heap visits).
    index('profiles_search_idx')
      .on(t.gender, t.country, t.regionCode, t.birthDate)
      .where(sql`${t.status} = 'active' and ${t.invisible} = false`),
    index('profiles_niches_idx').using('gin', t.niches),
    // Staff look members up by any part of their name (console member search).
    index('profiles_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // The console's list of fictional profiles per site (a few hundred among 100,000 members).
    index('profiles_fictional_idx')
      .on(t.siteId, t.id)
      .where(sql`${t.isFictional}`),
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
    /** Separate random key of the blurred variant served under /cdn/, so the full photo cannot be derived from it. */
    censoredKey: text('censored_key').unique(),
    isMain: boolean('is_main').notNull().default(false),
    /**
     * live | pending (pre-moderation: only its owner sees it, never main) (common/moderation.ts PHOTO_STATUSES). Under
     * post-moderation a photo is live at once and `reviewedAt` stays null until staff looked at it.
     */
    status: text('status').notNull().default('live'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * The responsive variant set its files have (common/photo-variants.ts PHOTO_VARIANTS_VERSION); 0 = only the
     * original JPEGs, until the `photo_variants` backfill job makes the rest (issue 32).
     */
    variants: smallint('variants').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_profile_idx').on(t.profileId, t.position),
    // The backfill's queue: photos whose variants are missing or older than the current set.
    index('photos_variants_idx').on(t.variants),
    // The photo review queue: photos nobody reviewed yet, oldest first.
    index('photos_review_idx')
      .on(t.createdAt)
      .where(sql`${t.reviewedAt} is null`),
    // At most one main photo per profile, whatever runs at the same time.
    uniqueIndex('photos_one_main_idx')
      .on(t.profileId)
      .where(sql`${t.isMain}`),
  ],
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

/** Likes between members (spec §3): mutual likes are a match. `isNew` is true until the liked member sees it. */
export const likes = pgTable(
  'likes',
  {
    likerProfileId: integer('liker_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    likedProfileId: integer('liked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    isNew: boolean('is_new').notNull().default(true),
    /** profile | swipe | auto: where the like came from (swipe likes count against the daily limit). */
    source: text('source').notNull().default('profile'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.likerProfileId, t.likedProfileId] }),
    index('likes_liked_idx').on(t.likedProfileId, t.createdAt),
  ],
);

/** Members passed over in the swipe game, so they are not shown again (spec §2 swipe game). */
export const swipePasses = pgTable(
  'swipe_passes',
  {
    viewerProfileId: integer('viewer_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.viewerProfileId, t.profileId] })],
);

/** A conversation between two members (one per pair; spec §3 chat list item). */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    /** The lower and the higher profile id of the pair. */
    profileA: integer('profile_a')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profileB: integer('profile_b')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Who wrote first: free members may start 2 conversations (spec §9). */
    startedBy: integer('started_by').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_pair_idx').on(t.profileA, t.profileB),
    index('conversations_started_idx').on(t.startedBy),
  ],
);

/** Each member's side of a conversation: unread count and what they deleted. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
    /** Messages up to this id were deleted by this member; the conversation is hidden until a newer one. */
    clearedUpTo: bigint('cleared_up_to', { mode: 'number' }).notNull().default(0),
    /** The newest message this member has seen: the other member sees 'Seen' up to it (read state). */
    readUpTo: bigint('read_up_to', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.profileId] }),
    index('conversation_members_profile_idx').on(t.profileId),
  ],
);

/** Messages (spec §3 message kinds: text, photo, gift); a paid send carries the client's idempotency key. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderProfileId: integer('sender_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('text'),
    /** The text; for a gift the gift's id in the catalogue (common/gifts.ts). */
    body: text('body').notNull().default(''),
    /** A photo message's stored image (`<key>.jpg`, `<key>_thumb.jpg` under media/). */
    attachmentKey: text('attachment_key'),
    /** Credits charged for it. */
    cost: integer('cost').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of what the keyed request asked for (recipient, kind, content): a key reused for another send is refused. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // The dashboard's messages per day.
    index('messages_created_idx').on(t.createdAt),
    unique('messages_idempotency_idx').on(t.senderProfileId, t.idempotencyKey),
  ],
);
