import webpush from 'web-push';
import { COUNTRIES, type TLocale } from '#common/locales.ts';
import type { TCompanyInfo, TSettings } from '#common/wire/settings.ts';
import type { TDb } from '#server/db/connect.ts';
import { serverT } from '#server/lib/i18n.ts';
import { findAppSecret, insertAppSecretIfAbsent } from './settings.repository.ts';
import { listCountries, listInterests, regionsOf } from '../reference/reference.service.ts';
import type { TSite } from './sites.service.ts';

type TVapid = { publicKey: string; privateKey: string };

/** Returns the VAPID key pair, generating and storing it once (safe when several processes race). */
export async function ensureVapidKeys(db: TDb): Promise<TVapid> {
  const existing = await findAppSecret(db, 'vapid');
  if (existing) return existing as TVapid;
  await insertAppSecretIfAbsent(db, 'vapid', webpush.generateVAPIDKeys());
  return (await findAppSecret(db, 'vapid')) as TVapid;
}

/** A site's localised text setting, falling back to the catalogue default. */
export function siteText(
  site: TSite,
  field: 'fictionalWarning' | 'fictionalSingular' | 'fictionalPlural',
  lng: TLocale,
) {
  const own = site[field][lng];
  if (own) return own;
  const key = { fictionalWarning: 'warning', fictionalSingular: 'singular', fictionalPlural: 'plural' }[field];
  return serverT(lng)(`fictional.${key}`, { site: site.name });
}

/** The visitor's selected country: an explicit valid choice, else the GeoIP country when served, else the site's first. */
export function selectedCountry(site: TSite, geoCountry: string | null, chosen: string | undefined): string {
  const pick = chosen?.toUpperCase();
  if (pick && COUNTRIES.includes(pick)) return pick;
  if (geoCountry && COUNTRIES.includes(geoCountry)) return geoCountry;
  return Object.keys(site.minimumMessageCosts)[0] ?? site.company.country;
}

/** Builds the settings answer of spec §3 for a site, locale and visitor. */
export function buildSettings(
  site: TSite,
  ctx: { locale: TLocale; geoCountry: string | null; chosenCountry?: string; pushPublicKey: string },
): TSettings {
  const country = selectedCountry(site, ctx.geoCountry, ctx.chosenCountry);
  return {
    domain: site.domain,
    domain_language: site.domainLanguage,
    name: site.name,
    index_title: site.indexTitle,
    description: site.description,
    niche: site.niche,
    company_id: site.companyId,
    mail_name: site.mailName,
    countries: listCountries(ctx.locale),
    geoip_country: ctx.geoCountry,
    geoip_selected_country: country,
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    search_fields: site.searchFields,
    cdn_prefix: site.cdnPrefix,
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    signup_credits: site.signupCredits,
    message_length: site.messageLength,
    minimum_message_costs: site.minimumMessageCosts,
    min_age: site.minAge,
    refund_days: site.refundDays,
    support_email: site.supportEmail,
    support_phone: site.supportPhone,
    enable_site_entry_popup: site.enableSiteEntryPopup === 'no' ? 'no' : 'yes',
    site_entry_popup_countries: site.entryPopupCountries,
    push_public_key: ctx.pushPublicKey,
    fictional_warning: siteText(site, 'fictionalWarning', ctx.locale),
    fictional_singular: siteText(site, 'fictionalSingular', ctx.locale),
    fictional_plural: siteText(site, 'fictionalPlural', ctx.locale),
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    member_resell: site.memberResell,
    interests: listInterests(ctx.locale),
    region_data: regionsOf(country, ctx.locale),
  };
}

/** Company info of spec §3. */
export function buildCompanyInfo(site: TSite): TCompanyInfo {
  const c = site.company;
  return {
    name: c.name,
    address: c.address,
    kvk: c.kvk,
    city: c.city,
    country: c.country,
    tradenames: c.tradenames,
    vat_numbers: c.vatNumbers,
    support_phone: c.supportPhone,
    delete_discount: c.deleteDiscount,
    added: c.added.toISOString(),
  };
}

/** A site's settings as pages read them: the country a visitor is shown, and the site's own texts. */
export function createSiteSettingsService() {
  return { selectedCountry, siteText };
}

export type TSiteSettingsService = ReturnType<typeof createSiteSettingsService>;
