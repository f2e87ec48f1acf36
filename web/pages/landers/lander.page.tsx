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

function Photo({ card, className = '' }: { card: TMemberCardData; className?: string }) {
  return card.main_image ? (
    <img src={card.main_image.filename} alt="" className={`lander-photo ${className}`} loading="lazy" />
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
            <Photo card={c} />
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
          {cards.map((c) => (
            <li key={c.id}>
              <Photo card={c} />
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
                <Photo card={c} className="lander-avatar" />
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
                <Photo card={c} className="card-img-top" />
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
