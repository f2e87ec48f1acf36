import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Per-locale text, keyed by locale code. */
export type TLocalizedText = Partial<Record<string, string>>;
/** Minimum message costs per country (spec §3). */
export type TMessageCosts = Record<string, { costs: number; currency: string }>;

/** Operating companies behind the sites (spec §3 Company info). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  kvk: text('kvk').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  tradenames: text('tradenames').array().notNull().default([]),
  vatNumbers: text('vat_numbers').array().notNull().default([]),
  supportPhone: text('support_phone').notNull(),
  deleteDiscount: integer('delete_discount').notNull().default(0),
  added: timestamp('added', { withTimezone: true }).notNull().defaultNow(),
});

/** White-label sites, one row per domain, carrying every site-level setting of spec §3. */
export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  domain: text('domain').notNull().unique(),
  isDefault: boolean('is_default').notNull().default(false),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  niche: integer('niche').notNull().default(1),
  indexTitle: text('index_title').notNull(),
  description: text('description').notNull(),
  domainLanguage: text('domain_language').notNull().default('en'),
  mailName: text('mail_name').notNull(),
  supportEmail: text('support_email').notNull(),
  supportPhone: text('support_phone').notNull(),
  cdnPrefix: text('cdn_prefix').notNull().default(''),
  messageCredits: integer('message_credits').notNull().default(10),
  photoCredits: integer('photo_credits').notNull().default(15),
  giftCredits: integer('gift_credits').notNull().default(20),
  signupCredits: integer('signup_credits').notNull().default(0),
  messageLength: integer('message_length').notNull().default(1000),
  minimumMessageCosts: jsonb('minimum_message_costs').$type<TMessageCosts>().notNull().default({}),
  minAge: integer('min_age').notNull().default(18),
  refundDays: integer('refund_days').notNull().default(14),
  enableSiteEntryPopup: text('enable_site_entry_popup').notNull().default('yes'),
  entryPopupCountries: text('entry_popup_countries').array().notNull().default([]),
  signups: text('signups').notNull().default('all'),
  loggedOutSearch: text('logged_out_search').notNull().default('all'),
  loggedOutSearchTrafficsource: text('logged_out_search_trafficsource').notNull().default('none'),
  memberResell: boolean('member_resell').notNull().default(false),
  /** Partner site offered after account deletion (spec §2 'partner redirect'); none when null. */
  partnerUrl: text('partner_url'),
  visibleProfileFields: text('visible_profile_fields').array().notNull().default([]),
  visibleProfileNotes: boolean('visible_profile_notes').notNull().default(false),
  searchFields: text('search_fields').array().notNull().default([]),
  fictionalWarning: jsonb('fictional_warning').$type<TLocalizedText>().notNull().default({}),
  fictionalSingular: jsonb('fictional_singular').$type<TLocalizedText>().notNull().default({}),
  /** pre: new photos wait for staff (only their owner sees them); post: live at once and queued for review. */
  photoModeration: text('photo_moderation').notNull().default('post'),
  fictionalPlural: jsonb('fictional_plural').$type<TLocalizedText>().notNull().default({}),
  /** Whether fictional profiles' names carry the fictional icon (the User's `fictional_icon`, spec §3). */
  fictionalIcon: boolean('fictional_icon').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-held secrets generated once (e.g. VAPID keys for web push). */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Page-bounce log written by the page-hidden beacon when the `lb` flag is on (spec §7). */
export const pageEvents = pgTable('page_events', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  path: text('path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
