import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalIcon, FictionalListNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { Photo } from '#web/components/photo.tsx';
import { LanderCta } from '#web/features/landers/lander-cta.tsx';
import { rememberLanderLike } from '#web/features/likes/lander-likes.ts';
import { landerCards } from '#web/features/landers/lander-data.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import type { Route } from './+types/tinderswipe.page';

/** Likes before the lander asks the visitor to sign up. */
const SWIPES_BEFORE_SIGNUP = 5;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  return landerCards(ctx, ctx.site.niche, 10);
}

/** Swipe lander: like or pass on a stack of members by drag, buttons or arrow keys, then sign up. */
export default function TinderSwipePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cards } = loaderData;
  const [index, setIndex] = useState(0);
  const [likes, setLikes] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [dragX, setDragX] = useState(0);
  const start = useRef<number | null>(null);
  const isHydrated = useHydrated();
  const card = cards[index];
  const done = !card || likes >= SWIPES_BEFORE_SIGNUP;

  const decide = useCallback(
    (liked: boolean) => {
      if (!card) return;
      setAnnouncement(t(liked ? 'lander.swipe_liked' : 'lander.swipe_passed', { name: card.name }));
      if (liked) {
        // Kept in this browser until the account exists; then they become real likes (features/likes/lander-likes).
        rememberLanderLike(card.id);
        setLikes((n) => n + 1);
      }
      setIndex((i) => i + 1);
      setDragX(0);
    },
    [card, t],
  );

  useEffect(() => {
    if (done) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') decide(true);
      if (e.key === 'ArrowLeft') decide(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide, done]);

  return (
    <section className="container py-4 text-center" style={{ maxWidth: 480 }}>
      <PageTitle title={t('lander.swipe_title')} />
      <h1 className="h2">{t('lander.swipe_title')}</h1>
      <p className="swipe-hint hint-pointer text-body-secondary">{t('lander.swipe_hint')}</p>
      <p className="swipe-hint hint-touch text-body-secondary">{t('lander.swipe_hint_touch')}</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <FictionalListNote cards={cards} />
      {done ? (
        <div className="card card-body my-4">
          <p className="lead">{t('lander.swipe_done', { count: likes })}</p>
          <LanderCta />
        </div>
      ) : (
        <>
          <div
            className="swipe-card card shadow mx-auto my-3"
            style={{ transform: `translateX(${dragX}px) rotate(${dragX / 20}deg)` }}
            onPointerDown={(e) => {
              start.current = e.clientX;
              e.currentTarget.setPointerCapture(e.pointerId);
            }}
            onPointerMove={(e) => {
              if (start.current !== null) setDragX(e.clientX - start.current);
            }}
            onPointerUp={() => {
              start.current = null;
              if (Math.abs(dragX) > 90) decide(dragX > 0);
              else setDragX(0);
            }}
          >
            {card.main_image ? (
              <Photo
                image={card.main_image}
                kind="main"
                sizes="(min-width: 384px) 360px, calc(100vw - 24px)"
                alt=""
                className="card-img-top"
                draggable={false}
                priority
              />
            ) : null}
            <div className="card-body">
              <p className="h5 mb-0">
                {card.is_fictional ? <FictionalIcon className="me-1" /> : null}
                {card.name}, {card.age}
              </p>
              <p className="text-body-secondary mb-0">
                {t('home.location', { city: card.city, country: card.country_name })}
              </p>
              {card.is_fictional ? <span className="badge text-bg-light border">{t('fictional.badge')}</span> : null}
            </div>
          </div>
          <div className="d-flex justify-content-center gap-3">
            <button
              type="button"
              className="btn btn-outline-secondary btn-lg rounded-pill px-4"
              onClick={() => decide(false)}
              disabled={!isHydrated}
            >
              <span aria-hidden="true">✕ </span>
              {t('lander.swipe_pass', { name: card.name })}
            </button>
            <button
              type="button"
              className="btn btn-primary btn-lg rounded-pill px-4"
              onClick={() => decide(true)}
              disabled={!isHydrated}
            >
              <span aria-hidden="true">♥ </span>
              {t('lander.swipe_like', { name: card.name })}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
