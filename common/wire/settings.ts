import { z } from 'zod';
import { zText } from '../text.ts';

const ZRegion = z.object({ code: z.string(), name: z.string() });

/** Regions of one country with its region label (spec §3 region label by country). */
export const ZCountryRegions = z.object({
  country: z.string(),
  name: z.string(),
  label: z.string(),
  label_key: z.string(),
  regions: z.array(ZRegion),
});

/** One interest with its icon and localised label (spec §3). */
export const ZInterest = z.object({ id: z.string(), icon: z.string(), name: z.string() });

/** `GET /api/interests.php`: the interests with icons. */
export const ZInterestList = z.array(ZInterest);

/** `GET /api/regions.php`: the regions of the served countries with their region label. */
export const ZRegionList = z.array(ZCountryRegions);

/** Every site-wide setting of spec §3, as `GET /api/settings.php` answers. */
export const ZSettings = z.object({
  domain: z.string(),
  domain_language: z.string(),
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  niche: z.number().int(),
  company_id: z.number().int(),
  mail_name: z.string(),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  geoip_country: z.string().nullable(),
  geoip_selected_country: z.string(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.boolean(),
  search_fields: z.array(z.string()),
  cdn_prefix: z.string(),
  message_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  signup_credits: z.number().int(),
  message_length: z.number().int(),
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number().int(), currency: z.string() })),
  min_age: z.number().int(),
  refund_days: z.number().int(),
  support_email: z.string(),
  support_phone: z.string(),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  site_entry_popup_countries: z.array(z.string()),
  push_public_key: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  signups: z.string(),
  logged_out_search: z.string(),
  logged_out_search_trafficsource: z.string(),
  member_resell: z.boolean(),
  interests: z.array(ZInterest),
  region_data: ZCountryRegions.nullable(),
});

export type TSettings = z.infer<typeof ZSettings>;

/** Company info of spec §3 as `GET /api/companyinfo.php` answers. */
export const ZCompanyInfo = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int(),
  added: z.string(),
});

export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;

/** `GET /api/settings.php` query: a forced domain, the selected country, and any other tracking parameters. */
export const ZSettingsQuery = z
  .object({
    domain: zText().max(253).optional().describe('forced domain: settings of this site instead of the Host'),
    country: zText()
      .regex(/^[A-Za-z]{2}$/)
      .optional()
      .describe('selected country'),
  })
  .catchall(zText());
