import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { FictionalIcon, FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { Photo } from '#web/components/photo.tsx';
import { SignupModal } from '#web/features/accounts/signup-modal.tsx';
import { appContext } from '#web/lib/app-context.ts';
import type { Route } from './+types/member-signup.page';

/** The member a visitor signs up for (member-id block, spec §2); unknown or hidden members are 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, site } = context.get(appContext);
  const card = await services.profiles.publicCard(Number(params.id), site.cdnPrefix);
  if (!card) throw data('', { status: 404 });
  const { id, name, age, city, main_image, is_fictional } = card;
  return { card: { id, name, age, city, main_image, is_fictional } };
}

/** `/members/{id}/signup`: the member's photo behind the signup modal, which opens at once. */
export default function MemberSignupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { card } = loaderData;
  const block = (
    <div className="d-flex align-items-center gap-3 p-2 mb-3 rounded bg-body-tertiary member-block">
      {card.main_image ? (
        <Photo
          image={card.main_image}
          kind="thumb"
          sizes="64px"
          alt=""
          width={64}
          height={64}
          className="rounded-circle"
        />
      ) : null}
      <p className="mb-0">
        {card.is_fictional ? <FictionalIcon className="me-1" /> : null}
        <strong>{t('signup.member_block', { name: card.name })}</strong>
        <br />
        <span className="text-body-secondary small">
          {card.name}, {card.age} · {card.city}
        </span>
      </p>
    </div>
  );
  const note = card.is_fictional ? <FictionalNote text="singular" className="small text-body-secondary" /> : null;
  return (
    <div className="member-signup-backdrop">
      <PageTitle title={t('signup.member_block', { name: card.name })} />
      {card.main_image ? (
        <Photo
          image={card.main_image}
          kind="main"
          sizes="(min-width: 720px) 720px, 100vw"
          alt=""
          className="member-signup-photo"
          priority
        />
      ) : null}
      {card.is_fictional ? (
        // Outside the modal, which renders only in the browser: the disclosure is in the server's page.
        <div className="member-signup-note small text-white text-center px-3">
          <FictionalIcon className="me-1" />
          <FictionalNote text="singular" className="d-inline mb-0" />
        </div>
      ) : null}
      <SignupModal initiallyOpen member={{ id: card.id, name: card.name }}>
        {block}
        {note}
      </SignupModal>
    </div>
  );
}
