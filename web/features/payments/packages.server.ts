import { safeRedirect } from '#common/safe-redirect.ts';
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

/**
 * The best discount the member holds (welcome or retention `STAY-…` code), applied by itself on the bundle cards and
 * at checkout (issue 31); null when none. A failure shows the full prices rather than an error page.
 */
export async function bestDiscountFor(ctx: TRequestContext, userId: number) {
  const country = ctx.services.siteSettings.selectedCountry(ctx.site, ctx.geoCountry, ctx.cookies.country);
  return ctx.services.discounts.best({ userId, siteId: ctx.site.id, country }).catch(() => null);
}

/** Where the purchase started (`?redirect=`, e.g. the chat with its draft), as a path on this site, or ''. */
export function purchaseOrigin(request: Request): string {
  const address = new URL(request.url);
  return safeRedirect(address.searchParams.get('redirect'), address.origin, '');
}
