import type { TRequestContext } from '#server/web/request-context.ts';

/**
 * What the member is offered in their payment country (spec §3 geoip_selected_country): bundles and methods, with
 * the site's pricing that bounds discounts, for the credits pages.
 */
export async function packagesFor(ctx: TRequestContext) {
  const country = ctx.services.siteSettings.selectedCountry(ctx.site, ctx.geoCountry, ctx.cookies.country);
  return {
    ...(await ctx.services.payments.offer(ctx.site.id, country)),
    messageCredits: ctx.site.messageCredits,
    pricing: {
      messageCredits: ctx.site.messageCredits,
      minimumMessageCost: ctx.site.minimumMessageCosts[country]?.costs ?? null,
    },
  };
}
