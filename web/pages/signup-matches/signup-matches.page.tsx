import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FictionalListNote } from '#web/components/fictional.tsx';
import { MemberGrid } from '#web/components/member-grid.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/signup-matches.page';

/** Suggested members for a new member, by the genders they look for and their country. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const cards = await ctx.services.matchFinder.suggestionsFor(user.profile.id, ctx.site.cdnPrefix);
  return {
    cards: cards.map((c) => ({ ...c, country_name: ctx.services.reference.countryName(c.country, ctx.locale) })),
  };
}

/** signup-matches (ROUTES.md): the first suggestions a new member sees. */
export default function SignupMatchesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cards } = loaderData;
  return (
    <section className="container py-4">
      <PageTitle title={t('matches.title')} />
      <h1 className="h3">{t('matches.title')}</h1>
      <p className="text-body-secondary">{t('matches.intro')}</p>
      <FictionalListNote cards={cards} />
      {cards.length === 0 ? <p>{t('matches.empty')}</p> : <MemberGrid cards={cards} />}
      <Link to={url('members')} className="btn btn-primary mt-3">
        {t('matches.browse')}
      </Link>
    </section>
  );
}
