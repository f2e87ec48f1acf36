import { z } from 'zod';
import { COUNTRIES } from './locales.ts';
import { PAYMENT_METHODS } from './payments.ts';
import { zText } from './text.ts';

const ZCountry = z.enum(COUNTRIES as [string, ...string[]]);
const ZCurrency = z.string().regex(/^[A-Z]{3}$/);

/** A credit bundle as the console edits it: the site's price for some credits in one country. */
export const ZBundleInput = z.object({
  siteId: z.number().int().positive(),
  country: ZCountry,
  /** Display order and colour class p0–p3. */
  position: z.number().int().min(0).max(3),
  credits: z.number().int().min(1).max(100_000),
  /** Price in minor units of the currency. */
  price_minor: z.number().int().min(1).max(10_000_000),
  currency: ZCurrency,
  active: z.boolean(),
});
export type TBundleInput = z.infer<typeof ZBundleInput>;

export const ZBundle = ZBundleInput.extend({ bundleId: z.number().int() });
export type TBundle = z.infer<typeof ZBundle>;

/** A discount campaign: a code for everyone on one site, with its limits. */
export const ZCampaignInput = z
  .object({
    siteId: z.number().int().positive(),
    code: zText()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,32}$/, 'sites.error.code_invalid'),
    percentage: z.number().int().min(1).max(90),
    /** Empty: every country. */
    countries: z.array(ZCountry).max(COUNTRIES.length),
    /** Empty: every method. */
    methods: z.array(z.enum(PAYMENT_METHODS)).max(PAYMENT_METHODS.length),
    /** The lowest bundle price it applies to, in minor units of `currency` (0: any). */
    minimum_order: z.number().int().min(0).max(10_000_000),
    /** Only bundles in this currency (null: any). */
    currency: ZCurrency.nullable(),
    starts_at: z.iso.datetime({ offset: true }).nullable(),
    expires: z.iso.datetime({ offset: true }),
    /** How many members may redeem it (null: no limit). */
    max_uses: z.number().int().min(1).max(10_000_000).nullable(),
    active: z.boolean(),
  })
  .refine((c) => !c.starts_at || Date.parse(c.starts_at) < Date.parse(c.expires), {
    path: ['expires'],
    message: 'sites.error.expires_before_start',
  });
export type TCampaignInput = z.infer<typeof ZCampaignInput>;

export const ZCampaign = z.object({
  ...ZCampaignInput.shape,
  campaignId: z.number().int(),
  starts_at: z.string().nullable(),
  expires: z.string(),
  /** Members who redeemed it (payments started with it that did not fail). */
  uses: z.number().int(),
});
export type TCampaign = z.infer<typeof ZCampaign>;
