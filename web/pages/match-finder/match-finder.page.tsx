import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SEARCH_PAGE_SIZE } from '#common/search.ts';
import { FictionalListNote } from '#web/components/fictional.tsx';
import { MemberGrid } from '#web/components/member-grid.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { limitPageRead, readLimitHeaders } from '#web/features/search/read-limit.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/match-finder.page';

/** A 429 of the read limits carries its `retry-after`. */
export const headers = readLimitHeaders;

/** Pages of suggestions a member may browse. */
const MAX_PAGES = 20;

/** Suggestions for the member by who they look for, where they live, shared interests and age. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  await limitPageRead(ctx, 'search_read');
  const requested = Number(new URL(request.url).searchParams.get('page') ?? 1);
  const page = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), MAX_PAGES) : 1;
  const [cards, me] = await Promise.all([
    ctx.services.matchFinder.suggestionsFor(user.profile.id, ctx.site.cdnPrefix, {
      limit: SEARCH_PAGE_SIZE + 1,
      offset: (page - 1) * SEARCH_PAGE_SIZE,
    }),
    ctx.services.myProfile.load(user.id),
  ]);
  return {
    page,
    hasMore: cards.length > SEARCH_PAGE_SIZE && page < MAX_PAGES,
    hasLocation: Boolean(me.region_code && me.city),
    cards: cards
      .slice(0, SEARCH_PAGE_SIZE)
      .map((c) => ({ ...c, country_name: ctx.services.reference.countryName(c.country, ctx.locale) })),
  };
}

/** match-finder (spec §2 matchfinder): members who suit the viewer, nearest and most alike first. */
export default function MatchFinderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cards, page, hasMore, hasLocation } = loaderData;
  const pageLink = (n: number) => `${url('match-finder')}${n > 1 ? `?page=${n}` : ''}`;
  return (
    <section className="container py-4">
      <PageTitle title={t('match_finder.title')} />
      <h1 className="h3">{t('match_finder.title')}</h1>
      <p className="text-body-secondary">{t('match_finder.intro')}</p>
      {!hasLocation ? (
        <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="note">
          <span className="me-auto">{t('match_finder.set_location')}</span>
          <Link className="btn btn-sm btn-primary" to={url('profile')}>
            {t('nav.my_profile')}
          </Link>
        </div>
      ) : null}
      {cards.length === 0 ? (
        <div className="text-center py-5">
          <p className="lead">{t('match_finder.empty')}</p>
          <Link to={url('members')} className="btn btn-primary">
            {t('matches.browse')}
          </Link>
        </div>
      ) : (
        <>
          <FictionalListNote cards={cards} />
          <MemberGrid cards={cards} />
        </>
      )}
      {page > 1 || hasMore ? (
        <nav className="d-flex justify-content-between mt-4" aria-label={t('match_finder.pages')}>
          {page > 1 ? (
            <Link className="btn btn-outline-secondary" to={pageLink(page - 1)} rel="prev">
              {t('match_finder.previous')}
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link className="btn btn-primary" to={pageLink(page + 1)} rel="next">
              {t('match_finder.more')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
