import { toPackageWire } from '../../../server/modules/payments/payments.service.ts';
import type { TRequestContext } from '../../../server/web/request-context.ts';

/** The member's payment country (spec §3 geoip_selected_country) and its bundles, for the credits pages. */
export async function packagesFor(ctx: TRequestContext) {
  const country = ctx.services.siteSettings.selectedCountry(ctx.site, ctx.geoCountry, ctx.cookies.country);
  const packs = await ctx.services.payments.packages(ctx.site.id, country);
  return {
    country,
    messageCredits: ctx.site.messageCredits,
    packages: packs.map(toPackageWire),
  };
}

export type TPackage = Awaited<ReturnType<typeof packagesFor>>['packages'][number];
