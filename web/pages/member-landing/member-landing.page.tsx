import { useTranslation } from 'react-i18next';
import { data, useMatches } from 'react-router';
import { FictionalIcon, FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { Photo } from '#web/components/photo.tsx';
import { LanderCta } from '#web/features/landers/lander-cta.tsx';
import { appContext } from '#web/lib/app-context.ts';
import type { Route } from './+types/member-landing.page';

/** A visible member's public card for the member-specific landers (spec §2); anyone else is 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, site, locale } = context.get(appContext);
  const card = await services.profiles.publicCard(Number(params.id), site.cdnPrefix);
  if (!card) throw data('', { status: 404 });
  return { card: { ...card, country_name: services.reference.countryName(card.country, locale) } };
}

/** Member landers: `landing` (photo beside text), `landing2` (large photo), `landing3` (compact card). */
export default function MemberLandingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const matches = useMatches();
  const variant = matches[matches.length - 1]?.id ?? 'members-id-landing';
  const { card } = loaderData;
  const title = t('lander.member_title', { name: card.name });
  // The photo is the page's largest paint: eager, high priority, at the width its layout gives it (issue 32).
  const photo = card.main_image ? (
    <Photo
      image={card.main_image}
      kind="main"
      sizes={
        variant === 'members-id-landing2-slug'
          ? '(min-width: 664px) 640px, calc(100vw - 24px)'
          : '(min-width: 1400px) 530px, (min-width: 1200px) 450px, (min-width: 992px) 380px, (min-width: 768px) 280px, calc(100vw - 24px)'
      }
      alt={card.name}
      className="img-fluid rounded shadow"
      priority
    />
  ) : null;
  const text = (
    <>
      <h1 className="h2">
        {card.is_fictional ? <FictionalIcon className="me-2" /> : null}
        {title}
      </h1>
      <p className="lead">{t('lander.member_text', { name: card.name, age: card.age, city: card.city })}</p>
      {card.about_me ? (
        <blockquote className="border-start border-3 border-primary ps-3">
          <p className="small fw-semibold mb-1">{t('lander.member_about', { name: card.name })}</p>
          <p className="mb-0" lang={card.locale}>
            {card.about_me}
          </p>
        </blockquote>
      ) : null}
      {card.is_fictional ? <FictionalNote text="singular" /> : null}
      <LanderCta label={t('lander.cta_chat', { name: card.name })} />
    </>
  );
  return (
    <section className={`container py-4 member-landing member-landing--${variant}`}>
      <PageTitle title={title} />
      {variant === 'members-id-landing2-slug' ? (
        <div className="text-center mx-auto" style={{ maxWidth: 640 }}>
          <div className="mb-3">{photo}</div>
          {text}
        </div>
      ) : variant === 'members-id-landing3-slug' ? (
        <div className="card mx-auto shadow-sm" style={{ maxWidth: 420 }}>
          {card.main_image ? (
            <Photo
              image={card.main_image}
              kind="thumb"
              sizes="(min-width: 444px) 420px, calc(100vw - 24px)"
              alt={card.name}
              className="card-img-top"
              priority
            />
          ) : null}
          <div className="card-body">{text}</div>
        </div>
      ) : (
        <div className="row g-4 align-items-center">
          <div className="col-md-5">{photo}</div>
          <div className="col-md-7">{text}</div>
        </div>
      )}
    </section>
  );
}
