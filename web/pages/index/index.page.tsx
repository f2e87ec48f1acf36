import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { NICHES, PREMIUM_MATCH_CHANCE_PERCENT, type TNicheId } from '#common/constants.ts';
import { canSearch } from '#common/visibility.ts';
import { FictionalListNote } from '#web/components/fictional.tsx';
import { MemberGrid } from '#web/components/member-grid.tsx';
import { useOpenSignup } from '#web/features/accounts/signup-modal.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/index.page';

const CARD_COUNT = 12;

/** Landing page data: member cards of the site's niche and whether visitors may browse them (spec §4); members go to search. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, site, locale, cookies, user } = context.get(appContext);
  // The home page is for visitors (it sells signing up): a member's home is the search, whose bottom tab bar leads on
  // to swipe, likes and messages (issue 31).
  if (user) throw redirect(url('members'));
  const query = new URL(request.url).searchParams;
  const [cards, total] = await Promise.all([
    services.profiles.landingCards(site, CARD_COUNT),
    services.profiles.countMembers(site.niche),
  ]);
  return {
    cards: cards.map((c) => ({ ...c, country_name: services.reference.countryName(c.country, locale) })),
    total,
    canBrowse: canSearch(site, { loggedIn: Boolean(user), query, trackingCookie: cookies.tracking }),
  };
}

export default function IndexPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const niche = NICHES[(root?.site.niche ?? 1) as TNicheId] ?? 'general';
  const { cards, canBrowse, total } = loaderData;
  const openSignup = useOpenSignup();
  return (
    <>
      <PageTitle />
      <section className={`hero hero--${niche} text-white`}>
        <div className="container py-5">
          <div className="row align-items-center">
            <div className="col-lg-7">
              <h1 className="display-5 fw-bold">{t(`home.hero.${niche}`)}</h1>
              <p className="lead">{t('home.subtitle', { site: root?.site.name })}</p>
              <div className="d-flex flex-wrap gap-2 mt-4">
                <Link to={url('signup')} className="btn btn-primary btn-lg" onClick={openSignup}>
                  {t('home.cta_signup')}
                </Link>
                {canBrowse ? (
                  <Link to={url('members')} className="btn btn-outline-light btn-lg">
                    {t('home.cta_search')}
                  </Link>
                ) : null}
              </div>
              <p className="mt-3 mb-0">
                <Link to={url('login')} className="link-light">
                  {t('home.cta_login')}
                </Link>
              </p>
            </div>
          </div>
        </div>
      </section>

      <section className="container py-5" aria-labelledby="members-title">
        <div className="d-flex justify-content-between align-items-baseline flex-wrap gap-2 mb-3">
          <h2 id="members-title" className="h3 mb-0">
            {t('home.members_title', { site: root?.site.name })}
          </h2>
          <span className="text-body-secondary">{t('common.members_count', { count: total })}</span>
        </div>
        {cards.length === 0 ? (
          <p className="text-body-secondary">{t('home.members_empty')}</p>
        ) : (
          <MemberGrid cards={cards} className="member-grid" to={canBrowse ? undefined : () => url('signup')} />
        )}
        <FictionalListNote cards={cards} className="small text-body-secondary mt-3" />
      </section>

      <section className="bg-body-tertiary py-5" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title" className="h3 mb-4 text-center">
            {t('home.how_title')}
          </h2>
          <ol className="row g-4 list-unstyled how-steps">
            {([1, 2, 3] as const).map((n) => (
              <li key={n} className="col-md-4">
                <div className="card h-100 border-0 shadow-sm">
                  <div className="card-body">
                    <span className="step-number" aria-hidden="true">
                      {n}
                    </span>
                    <h3 className="h5">{t(`home.step${n}_title`)}</h3>
                    <p className="mb-0">{t(`home.step${n}_text`)}</p>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container py-5">
        <div className="row g-4">
          <div className="col-md-6">
            <h2 className="h4">{t('home.premium_title', { percent: PREMIUM_MATCH_CHANCE_PERCENT })}</h2>
            <p>{t('home.premium_text')}</p>
          </div>
          <div className="col-md-6">
            <h2 className="h4">{t('home.safety_title')}</h2>
            <p>{t('home.safety_text')}</p>
          </div>
        </div>
      </section>
    </>
  );
}
