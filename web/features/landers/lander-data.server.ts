import { NICHES } from '#common/constants.ts';
import type { TRequestContext } from '#server/web/request-context.ts';

/** The niche a lander shows: the slug when it names a niche (spec §1), else the site's niche. */
export function nicheForSlug(slug: string | undefined, siteNiche: number): number {
  const match = Object.entries(NICHES).find(([, name]) => name === slug);
  return match ? Number(match[0]) : siteNiche;
}

/** Member cards and count of a niche for a lander, with localised country names. */
export async function landerCards(ctx: TRequestContext, niche: number, limit: number) {
  const { services, site, locale } = ctx;
  const [cards, total] = await Promise.all([
    services.profiles.landingCards({ niche, cdnPrefix: site.cdnPrefix }, limit),
    services.profiles.countMembers(niche),
  ]);
  return {
    cards: cards.map((c) => ({ ...c, country_name: services.reference.countryName(c.country, locale) })),
    total,
  };
}
