import { visibleLocales } from '#common/locales.ts';
import type { TRequestContext } from '#server/web/request-context.ts';
import type { TRootData } from './root-data.ts';

/** Builds the root loader data from the request context. */
export function buildRootData(ctx: TRequestContext): TRootData {
  const { site, locale, geoCountry, services } = ctx;
  const { siteText } = services.siteSettings;
  return {
    locale,
    locales: visibleLocales(geoCountry, locale),
    geoCountry,
    site: {
      name: site.name,
      domain: site.domain,
      niche: site.niche,
      indexTitle: site.indexTitle,
      description: site.description,
      supportEmail: site.supportEmail,
      supportPhone: site.supportPhone,
      minAge: site.minAge,
      entryPopup: site.enableSiteEntryPopup === 'no' ? 'no' : 'yes',
      signups: site.signups,
      entryCountries: site.entryPopupCountries,
      fictionalWarning: siteText(site, 'fictionalWarning', locale),
      fictionalSingular: siteText(site, 'fictionalSingular', locale),
      fictionalPlural: siteText(site, 'fictionalPlural', locale),
      fictionalIcon: site.fictionalIcon,
    },
    company: {
      name: site.company.name,
      address: site.company.address,
      city: site.company.city,
      country: services.reference.countryName(site.company.country, locale),
    },
    user: ctx.user,
  };
}
