import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { LANDER_KINDS, NICHES, type TLanderKind, type TNicheId } from '#common/constants.ts';
import { INTERESTS } from '#common/profile-attributes.ts';
import type { TMemberCardData } from '#web/components/member-card.tsx';
import { FictionalIcon, FictionalListNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { LanderCta } from '#web/features/landers/lander-cta.tsx';
import { landerCards, nicheForSlug } from '#web/features/landers/lander-data.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { Photo } from '#web/components/photo.tsx';
import type { Route } from './+types/lander.page';

type TKind = TLanderKind;

/** Cards of the slug's niche for the requested lander kind; unknown kinds are 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const kind = params.kind as TKind;
  if (!LANDER_KINDS.includes(kind)) throw data('', { status: 404 });
  const ctx = context.get(appContext);
  const niche = nicheForSlug(params.slug, ctx.site.niche);
  return { kind, niche, ...(await landerCards(ctx, niche, 12)) };
}

/**
 * The widths each lander layout gives its photos (container 351 px wide on a 375 px phone; see the `.lander-*` rules
 * in app.scss), so a phone fetches the variant that fills them (issue 32): squares use the square thumbnail.
 */
const LANDER_PHOTO_SIZES = {
  gallery: '(min-width: 576px) 180px, calc(50vw - 16px)',
  collage: '(min-width: 768px) 220px, 25vw',
  collageLarge: '(min-width: 768px) 440px, 50vw',
  avatar: '56px',
  card: '(min-width: 1200px) 370px, (min-width: 992px) 300px, (min-width: 768px) 340px, calc(100vw - 24px)',
  slide: '(min-width: 444px) 420px, calc(100vw - 24px)',
} as const;

function LanderPhoto({
  card,
  size,
  kind,
  className = '',
  priority = false,
}: {
  card: TMemberCardData;
  size: keyof typeof LANDER_PHOTO_SIZES;
  kind: 'main' | 'thumb';
  className?: string;
  priority?: boolean;
}) {
  return card.main_image ? (
    <Photo
      image={card.main_image}
      kind={kind}
      sizes={LANDER_PHOTO_SIZES[size]}
      alt=""
      className={`lander-photo ${className}`}
      priority={priority}
    />
  ) : null;
}

function Caption({ card }: { card: TMemberCardData }) {
  const { t } = useTranslation();
  return (
    <p className="mb-0 small">
      <strong>
        {card.is_fictional ? <FictionalIcon className="me-1" /> : null}
        {card.name}, {card.age}
      </strong>{' '}
      · {t('home.location', { city: card.city, country: card.country_name })}
      {card.is_fictional ? <span className="badge text-bg-light border ms-1">{t('fictional.badge')}</span> : null}
    </p>
  );
}

/** Crossfading slideshow standing in for a video (no video is downloaded or autoplayed with sound). */
function Slideshow({ cards }: { cards: TMemberCardData[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const isHydrated = useHydrated();
  useEffect(() => {
    if (!playing || cards.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % cards.length), 2500);
    return () => clearInterval(timer);
  }, [playing, cards.length]);
  const card = cards[index];
  return (
    <figure className="lander-slideshow mx-auto">
      <div className="ratio ratio-1x1 rounded overflow-hidden shadow">
        {cards.map((c, i) => (
          <div key={c.id} className={`lander-slide ${i === index ? 'is-active' : ''}`} aria-hidden={i !== index}>
            <LanderPhoto card={c} size="slide" kind="main" priority={i === 0} />
          </div>
        ))}
      </div>
      <figcaption className="d-flex justify-content-between align-items-center mt-2" aria-live="polite">
        {card ? <Caption card={card} /> : null}
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => setPlaying((p) => !p)}
          disabled={!isHydrated}
        >
          {playing ? t('lander.video_pause') : t('lander.video_play')}
        </button>
      </figcaption>
    </figure>
  );
}

function Variant({ kind, cards }: { kind: TKind; cards: TMemberCardData[] }) {
  const { t } = useTranslation();
  switch (kind) {
    case 'gallery':
    case 'collagelanding':
      return (
        <ul className={`list-unstyled ${kind === 'gallery' ? 'lander-gallery' : 'lander-collage'}`}>
          {cards.map((c, i) => (
            <li key={c.id}>
              {kind === 'gallery' ? (
                <LanderPhoto card={c} size="gallery" kind="thumb" />
              ) : (
                <LanderPhoto card={c} size={i % 5 === 0 ? 'collageLarge' : 'collage'} kind="thumb" />
              )}
            </li>
          ))}
        </ul>
      );
    case 'iconslanding':
      return (
        <div>
          <p className="lead text-center">{t('lander.icons_text')}</p>
          <ul className="list-unstyled d-flex flex-wrap justify-content-center gap-2 lander-icons">
            {INTERESTS.slice(0, 24).map(([key, icon]) => (
              <li key={key} className="badge rounded-pill text-bg-light border fs-6 fw-normal">
                <span aria-hidden="true">{icon}</span> {t(`interests.${key}`)}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'maplanding':
      return (
        <div>
          <p className="lead text-center">{t('lander.map_text')}</p>
          <ul className="list-group lander-list mx-auto">
            {cards.map((c) => (
              <li key={c.id} className="list-group-item d-flex align-items-center gap-3">
                <LanderPhoto card={c} size="avatar" kind="thumb" className="lander-avatar" />
                <Caption card={c} />
              </li>
            ))}
          </ul>
        </div>
      );
    case 'socialnetwork':
    case 'alonetonight':
      return (
        <div className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3">
          {cards.map((c) => (
            <div key={c.id} className="col">
              <article className="card h-100">
                <LanderPhoto card={c} size="card" kind="main" className="card-img-top" />
                <div className="card-body">
                  <Caption card={c} />
                </div>
              </article>
            </div>
          ))}
        </div>
      );
    default:
      return <Slideshow cards={cards} />;
  }
}

const TITLES: Record<TKind, string> = {
  alonetonight: 'lander.alone_title',
  collagelanding: 'lander.collage_title',
  gallery: 'lander.gallery_title',
  iconslanding: 'lander.icons_title',
  maplanding: 'lander.map_title',
  socialnetwork: 'lander.social_title',
  transitionsvideolanding: 'lander.video_title',
  video: 'lander.video_title',
};

export default function LanderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, niche, cards, total } = loaderData;
  const title = t(TITLES[kind]);
  return (
    <section className={`container py-4 lander--${kind}`}>
      <PageTitle title={title} />
      <p className="text-primary fw-semibold text-center mb-1">{t(`home.hero.${NICHES[niche as TNicheId]}`)}</p>
      <h1 className="text-center mb-2">{title}</h1>
      {kind === 'alonetonight' ? <p className="text-center">{t('lander.alone_text')}</p> : null}
      <p className="text-center text-body-secondary">{t('lander.online', { count: total })}</p>
      <div className="my-4">
        <LanderCta />
      </div>
      <Variant kind={kind} cards={cards} />
      <FictionalListNote cards={cards} className="small text-body-secondary text-center" />
      <div className="my-4">
        <LanderCta />
      </div>
    </section>
  );
}
