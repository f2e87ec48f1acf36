import type { TMessageCosts } from '#server/db/schema/sites.ts';

/** A field issue, as validation errors carry them (`data.issues`); the message is a console catalogue key. */
export type TIssue = { path: string; message: string };

/** What the price rule reads of a bundle. */
export type TBundlePrice = { id?: number; country: string; credits: number; priceMinor: number; currency: string };

/**
 * The price rule of `minimum_message_costs` (ARCHITECTURE): a bundle is sold only in a country the site prices, in
 * that country's currency, and one message (`message_credits` credits) bought with it never costs less than the
 * country's minimum. Answers an issue per broken bundle (none: all is well).
 */
export function bundleIssues(
  site: { minimumMessageCosts: TMessageCosts; messageCredits: number },
  bundles: TBundlePrice[],
): TIssue[] {
  const issues: TIssue[] = [];
  for (const b of bundles) {
    const path = b.id === undefined ? 'price_minor' : `bundle:${b.id}`;
    const min = site.minimumMessageCosts[b.country];
    if (!min) issues.push({ path, message: 'sites.error.country_not_priced' });
    else if (min.currency !== b.currency) issues.push({ path, message: 'sites.error.currency_mismatch' });
    else if (b.priceMinor * site.messageCredits < min.costs * b.credits) {
      issues.push({ path, message: 'sites.error.below_minimum_cost' });
    }
  }
  return issues;
}

/** The lowest price (minor units) a bundle of `credits` may have in a country, or null when the country is not priced. */
export function minimumBundlePrice(
  site: { minimumMessageCosts: TMessageCosts; messageCredits: number },
  country: string,
  credits: number,
): number | null {
  const min = site.minimumMessageCosts[country];
  return min ? Math.ceil((min.costs * credits) / site.messageCredits) : null;
}
