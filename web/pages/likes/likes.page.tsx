import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { LIKE_TYPES, type TLikeType } from '#common/likes.ts';
import { FictionalListNote } from '#web/components/fictional.tsx';
import { MemberGrid } from '#web/components/member-grid.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { loadLikes } from '#web/features/likes/likes-store.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/likes.page';

/** The likes overview (spec §2 likes, likes-type): who liked the member, whom they liked, and matches. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const type = (params.type ?? 'received') as TLikeType;
  if (!LIKE_TYPES.includes(type)) throw data('', { status: 404 });
  const { profiles } = await ctx.services.likes.list(user.profile.id, ctx.site.cdnPrefix);
  const counts = Object.fromEntries(LIKE_TYPES.map((k) => [k, profiles.filter((p) => p.state === k).length]));
  return {
    type,
    counts: counts as Record<TLikeType, number>,
    cards: profiles
      .filter((p) => p.state === type)
      .map((p) => ({ ...p, country_name: ctx.services.reference.countryName(p.country, ctx.locale) })),
  };
}

/** likes and likes/{type}: tabs for received, liked and matches; new likes are marked until their profile is opened. */
export default function LikesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { type, counts, cards } = loaderData;
  // The badge follows what this page shows.
  useEffect(() => {
    void loadLikes();
  }, [cards]);
  return (
    <section className="container py-4">
      <PageTitle title={t('likes.title')} />
      <h1 className="h3 mb-3">{t('likes.title')}</h1>
      <nav aria-label={t('likes.title')}>
        <ul className="nav nav-pills mb-4 flex-nowrap overflow-auto">
          {LIKE_TYPES.map((k) => (
            <li key={k} className="nav-item">
              <Link
                to={url('likes-type', { type: k })}
                className={`nav-link text-nowrap ${k === type ? 'active' : ''}`}
                aria-current={k === type ? 'page' : undefined}
              >
                {t(`likes.tabs.${k}`)} <span className="badge text-bg-light border ms-1">{counts[k]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {cards.length === 0 ? (
        <div className="text-center py-5">
          <p className="lead">{t(`likes.empty.${type}`)}</p>
          <Link className="btn btn-primary" to={url('members')}>
            {t('nav.search_members')}
          </Link>
        </div>
      ) : (
        <>
          {cards.some((c) => c.like_new) ? <p className="text-body-secondary small">{t('likes.new_hint')}</p> : null}
          <FictionalListNote cards={cards} />
          <MemberGrid
            cards={cards.map((c) => ({ ...c, highlight: c.like_new ? t('likes.new') : undefined }))}
            to={(c) => url('likes-m-id', { id: c.id })}
          />
        </>
      )}
    </section>
  );
}
