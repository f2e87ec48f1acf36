import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { PageTitle } from '#web/components/page-title.tsx';
import { SignupModal } from '#web/features/accounts/signup-modal.tsx';
import { appContext } from '#web/lib/app-context.ts';
import type { Route } from './+types/member-signup.page';

/** The member a visitor signs up for (member-id block, spec §2); unknown or hidden members are 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, site } = context.get(appContext);
  const card = await services.profiles.publicCard(Number(params.id), site.cdnPrefix);
  if (!card) throw data('', { status: 404 });
  return { card: { id: card.id, name: card.name, age: card.age, city: card.city, main_image: card.main_image } };
}

/** `/members/{id}/signup`: the member's photo behind the signup modal, which opens at once. */
export default function MemberSignupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { card } = loaderData;
  const block = (
    <div className="d-flex align-items-center gap-3 p-2 mb-3 rounded bg-body-tertiary member-block">
      {card.main_image ? (
        <img src={card.main_image.thumb_filename} alt="" width={64} height={64} className="rounded-circle" />
      ) : null}
      <p className="mb-0">
        <strong>{t('signup.member_block', { name: card.name })}</strong>
        <br />
        <span className="text-body-secondary small">
          {card.name}, {card.age} · {card.city}
        </span>
      </p>
    </div>
  );
  return (
    <div className="member-signup-backdrop">
      <PageTitle title={t('signup.member_block', { name: card.name })} />
      {card.main_image ? <img src={card.main_image.filename} alt="" className="member-signup-photo" /> : null}
      <SignupModal initiallyOpen member={{ id: card.id, name: card.name }}>
        {block}
      </SignupModal>
    </div>
  );
}
