import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect, useLocation, useRevalidator } from 'react-router';
import { TRACKING_KEYS } from '#common/constants.ts';
import { INTERESTS } from '#common/profile-attributes.ts';
import { DISTANCE_BUCKETS_KM } from '#common/distance.ts';
import { canSearch } from '#common/visibility.ts';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { FictionalIcon, FictionalListNote, FictionalNote } from '#web/components/fictional.tsx';
import { MemberGrid } from '#web/components/member-grid.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { LikeButton } from '#web/features/likes/like-button.tsx';
import { markLikeSeenLocally } from '#web/features/likes/likes-store.ts';
import { ProfilePhotos } from '#web/features/photos/profile-photos.tsx';
import { blockMember, unblockMember } from '#web/features/profile/profile.api.ts';
import { ReportButton } from '#web/features/reports/report-dialog.tsx';
import { clearSearchCache } from '#web/features/search/search-cache.ts';
import { limitPageRead, readLimitHeaders } from '#web/features/search/read-limit.server.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/members-id.page';

const ICONS = Object.fromEntries(INTERESTS);

/** A 429 of the read limits carries its `retry-after`. */
export const headers = readLimitHeaders;

/** A visible member's profile; visitors only where search is visible (spec §4); anyone hidden or unknown is 404. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const query = new URL(request.url).searchParams;
  const visible = canSearch(ctx.site, {
    loggedIn: Boolean(ctx.user),
    query: query,
    trackingCookie: ctx.cookies.tracking,
  });
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  // The same screen opened from the likes overview (likes-m-id) is for members only.
  if (path.startsWith(`${url('likes')}/`)) requireMember(ctx, request);
  if (!visible) throw redirect(url('login', {}, { redirect: path }));
  await limitPageRead(ctx, 'profile_read');
  const viewer = ctx.user ? { profileId: ctx.user.profile.id, isPremium: ctx.user.paid_user } : undefined;
  const view = await ctx.services.profiles.viewProfile(viewer, Number(params.id), {
    cdnPrefix: ctx.site.cdnPrefix,
    locale: ctx.locale,
  });
  if (!view) throw data('', { status: 404 });
  // A member who blocked the viewer is not shown at all (spec §6).
  if (view.kind === 'blocked_by') return data({ blockedBy: view.name }, { status: 403 });
  const { blockedByMe, like, canBlock, profile, related } = view;
  return { blockedByMe, like, canBlock, profile, related };
}

/** The profile screen (spec §2): photos, attributes, about-me, interests, the fictional warning and related profiles. */
export default function MemberProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if ('blockedBy' in loaderData) {
    return (
      <section className="container py-5 text-center">
        <PageTitle title={loaderData.blockedBy} />
        <p className="lead" role="alert">
          {t('profile.blocked_by', { name: loaderData.blockedBy })}
        </p>
        <Link className="btn btn-primary" to={url('members')}>
          {t('nav.search_members')}
        </Link>
      </section>
    );
  }
  return <ProfileView data={loaderData} />;
}

/** Blocks or unblocks the member, after a confirmation for blocking. */
function BlockButton({ profileId, name, blocked }: { profileId: number; name: string; blocked: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { run, busy, error } = useAsyncAction();
  const isHydrated = useHydrated();
  const { confirm, dialog } = useConfirm();
  const toggle = async () => {
    if (
      !blocked &&
      !(await confirm({
        title: t('profile.block_confirm', { name }),
        confirmLabel: t('profile.block'),
        variant: 'danger',
      }))
    ) {
      return;
    }
    await run(async () => {
      await (blocked ? unblockMember(profileId) : blockMember(profileId));
      clearSearchCache();
      await revalidator.revalidate();
    });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={busy || !isHydrated}
        onClick={() => void toggle()}
      >
        {blocked ? t('profile.unblock') : t('profile.block')}
      </button>
      {dialog}
      {error ? (
        <span className="text-danger small ms-2" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}

/**
 * A visitor's way forward on a profile: sign up for this member (members-id-signup, with the member block), the
 * traffic source of the visit kept. On phones it stays at the bottom of the screen while the profile scrolls.
 */
function VisitorCta({ profileId, name, className }: { profileId: number; name: string; className: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const query = Object.fromEntries(TRACKING_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  return (
    <div
      className={`visitor-cta card card-body shadow-sm mb-3 flex-row flex-wrap align-items-center gap-2 ${className}`}
    >
      <p className="mb-0 fw-semibold flex-grow-1">{t('signup.member_block', { name })}</p>
      <Link className="btn btn-primary" to={url('members-id-signup', { id: profileId }, query)}>
        <span aria-hidden="true">♥ </span>
        {t('lander.cta')}
      </Link>
    </div>
  );
}

type TProfileData = Exclude<Route.ComponentProps['loaderData'], { blockedBy: string }>;

function ProfileView({ data: loaderData }: { data: TProfileData }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { profile, related, blockedByMe, canBlock, like } = loaderData;
  useEffect(() => {
    markLikeSeenLocally(profile.id);
  }, [profile.id]);
  const attributes = (
    [
      ['gender', profile.gender],
      ['sexuality', profile.sexuality],
      ['relationship_status', profile.relationship_status],
      ['body_type', profile.body_type],
      ['hair_color', profile.hair_color],
      ['eye_color', profile.eye_color],
      ['tattoos', profile.tattoos],
    ] as const
  ).filter(([, value]) => Boolean(value));
  const place = [profile.city, profile.region_name, profile.country_name].filter(Boolean).join(', ');
  return (
    <article className="container py-4" aria-labelledby="profile-name">
      <PageTitle title={profile.name} />
      <div className="row g-4">
        <div className="col-md-5">
          <ProfilePhotos
            photos={profile.photos}
            name={profile.name}
            profileId={profile.id}
            loggedIn={Boolean(root?.user)}
          />
        </div>
        <div className="col-md-7">
          <h1 id="profile-name" className="h2 mb-1">
            {profile.is_fictional ? <FictionalIcon className="me-2" /> : null}
            {profile.name}
          </h1>
          <p className="text-body-secondary mb-3">
            {t('common.years_old', { count: profile.age })}
            {place ? ` · ${place}` : ''}
            {profile.distance
              ? ` · ${
                  profile.distance.within_km
                    ? t('profile.distance_within', { km: profile.distance.within_km })
                    : t('profile.distance_far', { km: DISTANCE_BUCKETS_KM.at(-1) })
                }`
              : ''}
          </p>
          {root && !root.user ? (
            <VisitorCta profileId={profile.id} name={profile.name} className="d-none d-md-flex" />
          ) : null}
          {root?.user?.profile.id === profile.id ? (
            <div className="alert alert-info small d-flex flex-wrap align-items-center gap-2" role="note">
              <span className="me-auto">
                {profile.hidden_reason === 'not_active'
                  ? t('profile.self_not_active')
                  : profile.hidden_reason === 'invisible'
                    ? t('profile.self_invisible')
                    : t('profile.self_preview')}
              </span>
              <Link className="btn btn-sm btn-outline-primary" to={url('profile')}>
                {t('profile.self_edit')}
              </Link>
            </div>
          ) : null}
          {blockedByMe ? (
            <div className="alert alert-warning small" role="status">
              {t('profile.you_blocked', { name: profile.name })}
            </div>
          ) : null}
          {canBlock ? (
            <div className="mb-3">
              {like && !blockedByMe ? (
                <span className="me-2">
                  <LikeButton
                    profile={{ id: profile.id, name: profile.name, main_image: profile.photos[0] ?? null }}
                    liked={like.liked}
                    likedBy={like.likedBy}
                  />
                </span>
              ) : null}
              {!blockedByMe ? (
                <Link className="btn btn-primary btn-sm me-2" to={url('members-id-chat', { id: profile.id })}>
                  {t('chat.message')}
                </Link>
              ) : null}
              <BlockButton profileId={profile.id} name={profile.name} blocked={blockedByMe} />{' '}
              <ReportButton profileId={profile.id} name={profile.name} />
            </div>
          ) : null}
          {profile.is_fictional ? <FictionalNote text="singular" className="alert alert-secondary small" /> : null}
          {profile.about_me ? (
            <section className="mb-4" aria-labelledby="about-title">
              <h2 id="about-title" className="h5">
                {t('attributes.labels.about_me')}
              </h2>
              <p lang={profile.locale} className="mb-0" style={{ whiteSpace: 'pre-line' }}>
                {profile.about_me}
              </p>
            </section>
          ) : null}
          <dl className="row mb-4">
            {attributes.map(([field, value]) => (
              <div key={field} className="col-6 col-lg-4 mb-2">
                <dt className="small text-body-secondary fw-normal">{t(`attributes.labels.${field}`)}</dt>
                <dd className="mb-0">{t(`attributes.${field}.${value}`)}</dd>
              </div>
            ))}
            {profile.height_cm ? (
              <div className="col-6 col-lg-4 mb-2">
                <dt className="small text-body-secondary fw-normal">{t('attributes.labels.height')}</dt>
                <dd className="mb-0">{profile.height_cm} cm</dd>
              </div>
            ) : null}
          </dl>
          {profile.interests.length ? (
            <section aria-labelledby="interests-title">
              <h2 id="interests-title" className="h5">
                {t('attributes.labels.interests')}
              </h2>
              <ul className="list-unstyled d-flex flex-wrap gap-2">
                {profile.interests.map((key) => (
                  <li key={key} className="badge rounded-pill text-bg-light border fw-normal fs-6">
                    <span aria-hidden="true">{ICONS[key as keyof typeof ICONS]}</span> {t(`interests.${key}`)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      {related.length ? (
        <section className="mt-5" aria-labelledby="related-title">
          <h2 id="related-title" className="h4">
            {t('profile.related')}
          </h2>
          <FictionalListNote cards={related} />
          <MemberGrid cards={related} />
        </section>
      ) : null}
      {/* On phones the call to action follows the visitor down the whole profile. */}
      {root && !root.user ? (
        <VisitorCta profileId={profile.id} name={profile.name} className="d-flex d-md-none mt-3" />
      ) : null}
    </article>
  );
}
