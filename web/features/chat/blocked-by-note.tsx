import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '#web/components/page-title.tsx';
import { url } from '#web/lib/url.ts';

/** What a member the other one blocked sees instead of the conversation (spec §6 'You're blocked by {name}'). */
export function BlockedByNote({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center">
      <PageTitle title={name} />
      <p className="lead" role="alert">
        {t('profile.blocked_by', { name })}
      </p>
      <Link className="btn btn-primary" to={url('chats')}>
        {t('chat.back_to_list')}
      </Link>
    </section>
  );
}
