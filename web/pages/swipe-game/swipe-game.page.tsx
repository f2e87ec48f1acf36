import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SWIPE_DAILY_LIKES } from '#common/constants.ts';
import { FictionalIcon, FictionalListNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { PersonIcon } from '#web/components/person-icon.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { fetchSwipeCards, swipe } from '#web/features/likes/likes.api.ts';
import { loadLikes } from '#web/features/likes/likes-store.ts';
import { MatchModal, type TMatchProfile } from '#web/features/likes/match-modal.tsx';
import { useFitHeight } from '#web/features/likes/use-fit-height.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { errorMessage } from '#web/lib/async-action.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { Photo } from '#web/components/photo.tsx';
import type { Route } from './+types/swipe-game.page';

/** How far a card must be dragged to count as a swipe, in px. */
const SWIPE_THRESHOLD = 100;
/** Room under the photo for the Like/Pass row (64 px buttons, its margin, a little air), in px. */
const BUTTONS_ROOM = 88;

/** The first cards, rendered on the server. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const stack = await ctx.services.likes.swipeCards(
    { profileId: user.profile.id, isPremium: user.paid_user },
    ctx.site.cdnPrefix,
  );
  return {
    ...stack,
    cards: stack.cards.map((c) => ({ ...c, country_name: ctx.services.reference.countryName(c.country, ctx.locale) })),
  };
}

type TCard = Route.ComponentProps['loaderData']['cards'][number];

/** swipe-game (spec §2/§9): like or pass by swiping, buttons or the arrow keys; free members like 4 a day. */
export default function SwipeGamePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [cards, setCards] = useState<TCard[]>(loaderData.cards);
  const [likesLeft, setLikesLeft] = useState(loaderData.likes_left);
  const [resetAt, setResetAt] = useState(loaderData.likes_reset_at);
  const [announce, setAnnounce] = useState('');
  const { run, busy, error } = useAsyncAction();
  const [limitReached, setLimitReached] = useState(false);
  const [match, setMatch] = useState<TMatchProfile | null>(null);
  const [dragX, setDragX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const isHydrated = useHydrated();
  const drag = useRef<{ x: number; id: number } | null>(null);
  const photo = useRef<HTMLDivElement>(null);
  // The card and its buttons fit the first screen whatever stands above them, banners or not.
  const photoHeight = useFitHeight(photo, BUTTONS_ROOM);
  const card = cards[0];

  const refill = useCallback(async () => {
    const next = await fetchSwipeCards().catch(() => null);
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    if (next) {
      setCards((now) =>
        now.length > 1 ? now : next.cards.map((c) => ({ ...c, country_name: names.of(c.country) ?? c.country })),
      );
    }
  }, [i18n.language]);

  const decide = useCallback(
    async (action: 'like' | 'pass') => {
      if (!card || busy) return;
      await run(
        async () => {
          const answer = await swipe({ profile_id: card.id, action });
          setLikesLeft(answer.likes_left);
          setResetAt(answer.likes_reset_at);
          setAnnounce(
            action === 'like' ? t('swipe.liked', { name: card.name }) : t('swipe.passed', { name: card.name }),
          );
          if (answer.match) setMatch({ id: card.id, name: card.name, main_image: card.main_image });
          if (action === 'like') void loadLikes();
          setCards((now) => now.slice(1));
          if (cards.length <= 2) void refill();
        },
        {
          error: (err, fallback) => {
            if (!(err instanceof ApiError && err.code === 'premium_required')) return errorMessage(err, fallback);
            setLimitReached(true);
            return null;
          },
        },
      );
      setDragX(0);
    },
    [busy, card, cards.length, refill, run, t],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) return;
      if (e.key === 'ArrowRight') void decide('like');
      if (e.key === 'ArrowLeft') void decide('pass');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide]);

  const atLimit = limitReached || likesLeft === 0;
  return (
    <section className="container swipe-game py-2" style={{ maxWidth: 480 }}>
      <PageTitle title={t('swipe.title')} />
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h1 className="h5 mb-0">{t('swipe.title')}</h1>
        {likesLeft !== null && !atLimit ? (
          <p className="small mb-0" aria-live="polite">
            {t('swipe.likes_left', { count: likesLeft, limit: SWIPE_DAILY_LIKES })}
          </p>
        ) : null}
      </div>
      {/* At the limit the upsell takes the hint's place (passing still works with the same gestures). */}
      {atLimit ? (
        <SwipeLimit resetAt={resetAt} />
      ) : (
        <>
          <p className="swipe-hint hint-pointer text-body-secondary small mb-2">{t('swipe.hint')}</p>
          <p className="swipe-hint hint-touch text-body-secondary small mb-2">{t('swipe.hint_touch')}</p>
        </>
      )}
      {error ? (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      ) : null}
      <FictionalListNote cards={cards} className="small text-body-secondary text-center mb-2" />
      {card ? (
        <>
          <div
            className="card shadow position-relative overflow-hidden user-select-none"
            style={{
              transform: `translateX(${dragX}px) rotate(${dragX / 20}deg)`,
              transition: dragging ? 'none' : 'transform 0.2s',
              touchAction: 'pan-y',
            }}
            onPointerDown={(e) => {
              drag.current = { x: e.clientX, id: e.pointerId };
              setDragging(true);
              e.currentTarget.setPointerCapture(e.pointerId);
            }}
            onPointerMove={(e) => {
              if (drag.current?.id === e.pointerId) setDragX(e.clientX - drag.current.x);
            }}
            onPointerUp={() => {
              drag.current = null;
              setDragging(false);
              if (dragX > SWIPE_THRESHOLD) void decide('like');
              else if (dragX < -SWIPE_THRESHOLD) void decide('pass');
              else setDragX(0);
            }}
            aria-label={t('swipe.card', { name: card.name, age: card.age })}
            role="group"
          >
            <div
              ref={photo}
              className={`swipe-photo bg-body-tertiary${atLimit ? ' swipe-photo--limited' : ''}`}
              style={photoHeight ? { height: photoHeight } : undefined}
            >
              {card.main_image ? (
                <Photo
                  image={card.main_image}
                  kind="main"
                  sizes="(min-width: 384px) 360px, calc(100vw - 24px)"
                  alt=""
                  draggable={false}
                  priority
                />
              ) : (
                <div className="d-flex h-100 align-items-center justify-content-center text-secondary">
                  <PersonIcon size={160} />
                </div>
              )}
            </div>
            <div className="swipe-caption text-white">
              <h2 className="h5 mb-0">
                {card.is_fictional ? <FictionalIcon className="me-1" /> : null}
                {card.name}, {card.age}
              </h2>
              <p className="small mb-0">{card.city || card.country_name}</p>
              {card.is_fictional ? (
                <span className="badge text-bg-light border mt-1">{t('fictional.badge')}</span>
              ) : null}
            </div>
          </div>
          <div className="d-flex justify-content-center align-items-center gap-4 mt-2 swipe-actions">
            <button
              type="button"
              className="btn btn-outline-secondary rounded-circle swipe-button"
              onClick={() => void decide('pass')}
              disabled={busy || !isHydrated}
              aria-label={t('swipe.pass')}
              title={t('swipe.pass')}
            >
              <span aria-hidden="true">✕</span>
            </button>
            <Link to={url('members-id', { id: card.id })} className="btn btn-link">
              {t('likes.view_profile')}
            </Link>
            <button
              type="button"
              className="btn btn-primary rounded-circle swipe-button"
              onClick={() => void decide('like')}
              disabled={busy || atLimit || !isHydrated}
              aria-label={t('likes.like')}
              title={t('likes.like')}
            >
              <span aria-hidden="true">♥</span>
            </button>
          </div>
        </>
      ) : (
        <div className="text-center py-5">
          <p className="lead">{t('swipe.empty')}</p>
          <Link className="btn btn-primary" to={url('members')}>
            {t('nav.search_members')}
          </Link>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
      <MatchModal
        profile={match}
        isMatch
        onClose={() => setMatch(null)}
        onImage={(p) => void navigate(url('members-id', { id: p.id }))}
        onAction={() => setMatch(null)}
        actionLabel={t('swipe.keep_swiping')}
      />
    </section>
  );
}

/**
 * The free likes of the day are used (spec §9, `premium_required`): says when they return, in the member's local
 * time (after hydration: the server does not know the member's time zone), and offers premium at once.
 */
function SwipeLimit({ resetAt }: { resetAt: string }) {
  const { t, i18n } = useTranslation();
  const isHydrated = useHydrated();
  const at = new Date(resetAt);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(at);
  const today = new Date().toDateString() === at.toDateString();
  return (
    <div className="alert alert-warning py-2 d-flex flex-wrap align-items-center gap-2 swipe-limit" role="status">
      <p className="mb-0 small flex-grow-1">
        {t('swipe.limit_reached', { count: SWIPE_DAILY_LIKES })}{' '}
        {isHydrated ? (
          <strong>{t(today ? 'swipe.likes_return_today' : 'swipe.likes_return_tomorrow', { time })}</strong>
        ) : null}
      </p>
      <Link to={url('premium')} className="btn btn-primary btn-sm">
        {t('nav.get_premium')}
      </Link>
    </div>
  );
}
