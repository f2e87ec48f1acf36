import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { PageTitle } from '#web/components/page-title.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/unsubscribe.page';

/** The link carries a token: no browser or proxy keeps a copy, and no search engine lists it. */
export function headers() {
  return { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };
}

/**
 * The unsubscribe link of a notification email. Opening it changes nothing (mail scanners fetch every
 * link): it shows which emails the link turns off and whether they are off already. The buttons are plain form POSTs
 * to `/unsubscribe` (server/modules/notifications/email/unsubscribe.routes.ts, which also takes RFC 8058 one-click posts),
 * answered with a redirect back here, so the page works without JavaScript and a reload posts nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  const state = await context
    .get(appContext)
    .services.emailStatus.describeUnsubscribe(token, params.get('all') === '1');
  if (!state) return data({ invalid: true as const }, { status: 400 });
  return {
    invalid: false as const,
    token,
    scope: state.scope,
    isOff: state.isOff,
    undone: params.get('undone') === '1',
  };
}

/** A plain form that posts one action of the unsubscribe page with the link's token. */
function ActionForm({
  token,
  action,
  label,
  primary,
}: {
  token: string;
  action: string;
  label: string;
  primary?: boolean;
}) {
  return (
    <form method="post" action={url('unsubscribe', {}, { token })} className="mb-3">
      <input type="hidden" name="action" value={action} />
      <button type="submit" className={primary ? 'btn btn-primary btn-lg' : 'btn btn-outline-secondary'}>
        {label}
      </button>
    </form>
  );
}

/** "Unsubscribe": what the link turns off, one button; once off, the confirmation with an Undo button. */
export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useRootData()?.site.name;
  if (loaderData.invalid) {
    return (
      <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
        <PageTitle title={t('unsubscribe.invalid.title')} />
        <h1 className="h3">{t('unsubscribe.invalid.title')}</h1>
        <div className="alert alert-warning" role="alert">
          {t('unsubscribe.invalid.text')}
        </div>
        <Link to={url('notifications')} className="btn btn-primary">
          {t('unsubscribe.settings_link')}
        </Link>
      </section>
    );
  }
  const { token, scope, isOff, undone } = loaderData;
  const isAll = scope === 'all';
  const title = isOff ? t('unsubscribe.done.title') : t('unsubscribe.title');
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle title={title} />
      <h1 className="h3">{title}</h1>
      {undone ? (
        <div className="alert alert-success" role="status">
          {t('unsubscribe.undone')}
        </div>
      ) : null}
      {isOff ? (
        <>
          <div className="alert alert-success" role="status">
            {isAll ? t('unsubscribe.done.text_all', { site }) : t('unsubscribe.done.text_kind')}
            {isAll ? null : <strong className="d-block mt-1">{t(`unsubscribe.kinds.${scope}`)}</strong>}
          </div>
          <ActionForm token={token} action={isAll ? 'undo_all' : 'undo'} label={t('unsubscribe.done.undo')} />
        </>
      ) : (
        <>
          <p>{isAll ? t('unsubscribe.confirm.text_all', { site }) : t('unsubscribe.confirm.text_kind')}</p>
          {isAll ? null : (
            <p>
              <strong>{t(`unsubscribe.kinds.${scope}`)}</strong>
            </p>
          )}
          <ActionForm
            token={token}
            action={isAll ? 'unsubscribe_all' : 'unsubscribe'}
            label={isAll ? t('unsubscribe.confirm.submit_all') : t('unsubscribe.confirm.submit')}
            primary
          />
          {isAll ? null : (
            <>
              <p className="text-muted small mb-2">{t('unsubscribe.confirm.all_hint')}</p>
              <ActionForm token={token} action="unsubscribe_all" label={t('unsubscribe.confirm.submit_all')} />
            </>
          )}
        </>
      )}
      <p className="mt-4 small">
        {t('unsubscribe.settings_hint')} <Link to={url('notifications')}>{t('unsubscribe.settings_link')}</Link>
      </p>
    </section>
  );
}
