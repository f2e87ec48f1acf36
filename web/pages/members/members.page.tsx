import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { ZSearchQuery } from '#common/search.ts';
import { canSearch } from '#common/visibility.ts';
import { FictionalListNote } from '#web/components/fictional.tsx';
import { MemberGrid } from '#web/components/member-grid.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { cachedSearchPage, rememberSearchPage } from '#web/features/search/search-cache.ts';
import { limitPageRead, readLimitHeaders } from '#web/features/search/read-limit.server.ts';
import { url } from '#web/lib/url.ts';
import { LiveButton } from '#web/components/live-button.tsx';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/members.page';

/** The query parameters that are search filters (the page is not one). */
const SEARCH_FILTERS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];

/** A 429 of the read limits carries its `retry-after`. */
export const headers = readLimitHeaders;

/** Pages of results already seen are reused on the client while fresh (spec §3 search state, cached pages). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const key = new URL(request.url).search;
  const cached = cachedSearchPage<Awaited<ReturnType<typeof serverLoader>>>(key);
  if (cached) return cached;
  const data = await serverLoader();
  rememberSearchPage(key, data);
  return data;
}

/** Search results for the query, the countries and the chosen country's regions; visitors only when search is visible (spec §4). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const visible = canSearch(ctx.site, {
    loggedIn: Boolean(ctx.user),
    query: params,
    trackingCookie: ctx.cookies.tracking,
  });
  if (!visible) throw redirect(url('login', {}, { redirect: url('members') }));
  await limitPageRead(ctx, 'search_read');
  const profileId = ctx.user?.profile.id;
  // A member who opens search without filters starts from their last ones, or the gender they look for; a search
  // with filters becomes the next default.
  const hasFilters = SEARCH_FILTERS.some((k) => params.has(k));
  const query =
    profileId && !hasFilters
      ? {
          ...(await ctx.services.search.defaultQuery(profileId)),
          page: ZSearchQuery.parse(Object.fromEntries(params)).page,
        }
      : ZSearchQuery.parse(Object.fromEntries(params));
  if (profileId && hasFilters) await ctx.services.search.rememberFilters(profileId, query);
  const result = await ctx.services.search.search(query, {
    cdnPrefix: ctx.site.cdnPrefix,
    excludeProfileId: ctx.user?.profile.id,
  });
  const name = (code: string) => ctx.services.reference.countryName(code, ctx.locale);
  const withCountry = <T extends { country: string }>(c: T) => ({ ...c, country_name: name(c.country) });
  return {
    query,
    ...result,
    results: result.results.map(withCountry),
    similar: result.similar.map(withCountry),
    countries: ctx.services.reference.listCountries(ctx.locale),
    regions: query.country ? ctx.services.reference.regionsOf(query.country, ctx.locale) : null,
  };
}

/** Search members (spec §2 members): filters gender, country, region, ages; pages of results; similar members when few match. */
export default function MembersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'loading';
  const root = useRootData();
  const { query, results, numResults, page, pages, similar, countries, regions } = loaderData;
  // On phones the filters fold away behind one button, so the results start near the top of the screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterSummary = [
    query.gender ? t(`attributes.gender.${query.gender}`) : null,
    query.country ? (countries.find((c) => c.code === query.country)?.name ?? query.country) : null,
    query.countryregion ? regions?.regions.find((r) => r.code === query.countryregion)?.name : null,
    query.min_age || query.max_age ? `${query.min_age ?? 18}–${query.max_age ?? 99}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next.toString()}`;
  };
  return (
    <section className="container py-4">
      <PageTitle title={t('nav.search_members')} />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">{t('nav.search_members')}</h1>
        {root?.user ? (
          <span className="d-flex gap-2">
            <Link to={url('match-finder')} className="btn btn-outline-primary btn-sm">
              {t('match_finder.title')}
            </Link>
            <Link to={url('swipe-game')} className="btn btn-outline-primary btn-sm">
              {t('swipe.title')}
            </Link>
          </span>
        ) : null}
      </div>
      <LiveButton
        className="btn btn-outline-secondary w-100 d-flex d-md-none justify-content-between align-items-center gap-2 mb-3"
        aria-expanded={filtersOpen}
        aria-controls="search-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        <span className="fw-semibold">{t('search.filters')}</span>
        <span className="text-truncate small">{filterSummary || t('search.any')}</span>
      </LiveButton>
      <Form
        id="search-filters"
        method="get"
        className={`card card-body mb-4 ${filtersOpen ? '' : 'd-none d-md-block'}`}
        role="search"
        aria-label={t('nav.search_members')}
      >
        <div className="row g-3 align-items-end">
          <div className="col-6 col-md-2">
            <label className="form-label" htmlFor="search-gender">
              {t('attributes.labels.gender')}
            </label>
            <select id="search-gender" name="gender" className="form-select" defaultValue={query.gender ?? ''}>
              <option value="">{t('search.any')}</option>
              <option value="female">{t('attributes.gender.female')}</option>
              <option value="male">{t('attributes.gender.male')}</option>
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="search-country">
              {t('lang_config.country')}
            </label>
            <select
              id="search-country"
              name="country"
              className="form-select"
              defaultValue={query.country ?? ''}
              onChange={(e) => {
                // The region list belongs to the country: search again so the regions of the new country load.
                const form = e.currentTarget.form;
                const region = form?.elements.namedItem('countryregion') as HTMLSelectElement | null;
                if (region) region.value = '';
                form?.requestSubmit();
              }}
            >
              <option value="">{t('search.any')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-md-3">
            <label className="form-label" htmlFor="search-region">
              {regions ? regions.label : t('regions.label.region')}
            </label>
            <select
              id="search-region"
              name="countryregion"
              className="form-select"
              defaultValue={query.countryregion ?? ''}
              disabled={!regions}
              key={query.country ?? 'none'}
            >
              <option value="">{t('search.any')}</option>
              {regions?.regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-1">
            <label className="form-label" htmlFor="search-min-age">
              {t('search.min_age')}
            </label>
            <input
              id="search-min-age"
              name="min_age"
              type="number"
              min={18}
              max={99}
              className="form-control"
              defaultValue={query.min_age ?? ''}
            />
          </div>
          <div className="col-6 col-md-1">
            <label className="form-label" htmlFor="search-max-age">
              {t('search.max_age')}
            </label>
            <input
              id="search-max-age"
              name="max_age"
              type="number"
              min={18}
              max={99}
              className="form-control"
              defaultValue={query.max_age ?? ''}
            />
          </div>
          <div className="col-12 col-md-2 d-grid">
            <button type="submit" className="btn btn-primary">
              {t('search.submit')}
            </button>
          </div>
        </div>
      </Form>
      <p className="text-body-secondary" role="status" aria-live="polite">
        {busy ? t('common.loading') : t('search.results', { count: numResults })}
      </p>
      <FictionalListNote cards={[...results, ...similar]} />
      {results.length === 0 ? (
        <p>{t('search.empty')}</p>
      ) : (
        <MemberGrid cards={results} className={busy ? 'opacity-50' : ''} priorityCount={2} />
      )}
      {pages > 1 ? (
        <nav
          aria-label={t('search.pagination')}
          className="d-flex justify-content-center align-items-center gap-3 my-4"
        >
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="btn btn-outline-secondary" rel="prev">
              {t('search.prev')}
            </Link>
          ) : null}
          <span>{t('search.page', { page, pages })}</span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className="btn btn-outline-secondary" rel="next">
              {t('search.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
      {similar.length > 0 ? (
        <>
          <h2 className="h4 mt-4">{t('search.similar')}</h2>
          <MemberGrid cards={similar} />
        </>
      ) : null}
    </section>
  );
}
