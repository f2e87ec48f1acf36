import { z } from 'zod';
import { PHOTO_MODERATION_MODES } from './moderation.ts';
import { COUNTRIES, LOCALES } from './locales.ts';
import { zText } from './text.ts';
import { ZCompanyInfo, ZSettings } from './wire/settings.ts';

/**
 * The console's site editor and its validation, driven by one list: each setting `/api/settings.php` serves (under its
 * API name) with the editor tab and widget that show it and the zod schema that checks it (the API's own schema,
 * narrowed). Adding a site setting to the console is one entry here (plus its column and its `sites.field.*` label).
 */

export const SITE_TABS = ['general', 'access', 'prices', 'texts', 'support', 'profiles'] as const;
export type TSiteTab = (typeof SITE_TABS)[number];

/** How the editor shows a field. */
export type TSiteWidget =
  'text' | 'email' | 'number' | 'switch' | 'select' | 'company' | 'countries' | 'multiselect' | 'locales' | 'costs';

export interface TSiteFieldSpec {
  tab: TSiteTab;
  widget: TSiteWidget;
  schema: z.ZodType;
  /** The choices of a select or multiselect. */
  options?: readonly (string | number)[];
}

const HOSTNAME = /^[a-z0-9]([a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$/;
const ZCountry = z.enum(COUNTRIES as [string, ...string[]]);
/** Per-locale text: an empty or missing locale falls back to the catalogue's text. */
const ZLocalized = z.partialRecord(z.enum(LOCALES), zText().trim().max(500));
const ZCredits = (max: number) => z.number().int().min(0).max(max);

export const SIGNUPS = ['all', 'with_trafficsource', 'closed'] as const;
export const LOGGED_OUT_SEARCH = ['all', 'none'] as const;
export const PROFILE_FIELDS = [
  'gender',
  'sexuality',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'height',
  'interests',
] as const;
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
const NICHE_IDS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Every editable site setting, by API name. */
export const SITE_FIELDS = {
  domain: {
    tab: 'general',
    widget: 'text',
    schema: zText().trim().toLowerCase().max(253).regex(HOSTNAME, 'sites.error.domain_invalid'),
  },
  is_default: { tab: 'general', widget: 'switch', schema: z.boolean() },
  company_id: { tab: 'general', widget: 'company', schema: ZSettings.shape.company_id.positive() },
  name: { tab: 'general', widget: 'text', schema: zText().trim().min(1).max(80) },
  index_title: { tab: 'general', widget: 'text', schema: zText().trim().min(1).max(160) },
  description: { tab: 'general', widget: 'text', schema: zText().trim().max(400) },
  niche: { tab: 'general', widget: 'select', options: NICHE_IDS, schema: ZSettings.shape.niche.min(1).max(7) },
  domain_language: { tab: 'general', widget: 'select', options: LOCALES, schema: z.enum(LOCALES) },
  cdn_prefix: { tab: 'general', widget: 'text', schema: zText().trim().max(200) },
  partner_url: {
    tab: 'general',
    widget: 'text',
    schema: zText().trim().max(300).url().startsWith('https://').nullable(),
  },
  signups: { tab: 'access', widget: 'select', options: SIGNUPS, schema: z.enum(SIGNUPS) },
  logged_out_search: { tab: 'access', widget: 'select', options: LOGGED_OUT_SEARCH, schema: z.enum(LOGGED_OUT_SEARCH) },
  logged_out_search_trafficsource: {
    tab: 'access',
    widget: 'select',
    options: LOGGED_OUT_SEARCH,
    schema: z.enum(LOGGED_OUT_SEARCH),
  },
  member_resell: { tab: 'access', widget: 'switch', schema: ZSettings.shape.member_resell },
  min_age: { tab: 'access', widget: 'number', schema: ZSettings.shape.min_age.min(18).max(99) },
  enable_site_entry_popup: {
    tab: 'access',
    widget: 'select',
    options: ['yes', 'no'],
    schema: ZSettings.shape.enable_site_entry_popup,
  },
  site_entry_popup_countries: { tab: 'access', widget: 'countries', schema: z.array(ZCountry).max(COUNTRIES.length) },
  message_credits: { tab: 'prices', widget: 'number', schema: ZCredits(10_000).min(1) },
  photo_credits: { tab: 'prices', widget: 'number', schema: ZCredits(10_000) },
  gift_credits: { tab: 'prices', widget: 'number', schema: ZCredits(10_000) },
  signup_credits: { tab: 'prices', widget: 'number', schema: ZCredits(10_000) },
  message_length: { tab: 'prices', widget: 'number', schema: ZSettings.shape.message_length.min(1).max(10_000) },
  refund_days: { tab: 'prices', widget: 'number', schema: ZSettings.shape.refund_days.min(0).max(365) },
  minimum_message_costs: {
    tab: 'prices',
    widget: 'costs',
    schema: z.partialRecord(
      ZCountry,
      z.object({ costs: z.number().int().min(1).max(1_000_000), currency: z.string().regex(/^[A-Z]{3}$/) }),
    ),
  },
  fictional_warning: { tab: 'texts', widget: 'locales', schema: ZLocalized },
  fictional_singular: { tab: 'texts', widget: 'locales', schema: ZLocalized },
  fictional_plural: { tab: 'texts', widget: 'locales', schema: ZLocalized },
  fictional_icon: { tab: 'texts', widget: 'switch', schema: z.boolean() },
  mail_name: { tab: 'support', widget: 'text', schema: zText().trim().min(1).max(80) },
  support_email: { tab: 'support', widget: 'email', schema: zText().trim().max(254).email() },
  support_phone: { tab: 'support', widget: 'text', schema: zText().trim().max(40) },
  visible_profile_fields: {
    tab: 'profiles',
    widget: 'multiselect',
    options: PROFILE_FIELDS,
    schema: z.array(z.enum(PROFILE_FIELDS)),
  },
  visible_profile_notes: { tab: 'profiles', widget: 'switch', schema: ZSettings.shape.visible_profile_notes },
  photo_moderation: {
    tab: 'profiles',
    widget: 'select',
    options: PHOTO_MODERATION_MODES,
    schema: z.enum(PHOTO_MODERATION_MODES),
  },
  search_fields: {
    tab: 'profiles',
    widget: 'multiselect',
    options: SEARCH_FIELDS,
    schema: z.array(z.enum(SEARCH_FIELDS)),
  },
} satisfies Record<string, TSiteFieldSpec>;

export type TSiteFieldName = keyof typeof SITE_FIELDS;
export const SITE_FIELD_NAMES = Object.keys(SITE_FIELDS) as TSiteFieldName[];

type TShape = { [K in TSiteFieldName]: (typeof SITE_FIELDS)[K]['schema'] };
const SHAPE = Object.fromEntries(SITE_FIELD_NAMES.map((name) => [name, SITE_FIELDS[name].schema])) as TShape;

/** A whole site as the console creates it. */
export const ZSiteInput = z.object(SHAPE);
export type TSiteInput = z.infer<typeof ZSiteInput>;

/** A change to a site: any subset of its settings. */
export const ZSitePatch = ZSiteInput.partial();
export type TSitePatch = z.infer<typeof ZSitePatch>;

/** A site as the console shows it: its settings plus its id. */
export const ZSiteSettings = ZSiteInput.extend({ id: z.number().int() });
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

/** The operating company as the console edits it (the fields `/api/companyinfo.php` serves). */
export const ZCompanyInput = z.object({
  name: zText().trim().min(1).max(120),
  address: zText().trim().min(1).max(200),
  city: zText().trim().min(1).max(100),
  country: ZCountry,
  kvk: ZCompanyInfo.shape.kvk.trim().min(1).max(40),
  vat_numbers: z.array(zText().trim().min(4).max(20)).max(10),
  tradenames: z.array(zText().trim().min(1).max(80)).max(50),
  support_phone: zText().trim().max(40),
  delete_discount: ZCompanyInfo.shape.delete_discount.min(0).max(100),
});
export type TCompanyInput = z.infer<typeof ZCompanyInput>;

export const ZCompany = ZCompanyInput.extend({ id: z.number().int(), added: z.string() });
export type TCompany = z.infer<typeof ZCompany>;
