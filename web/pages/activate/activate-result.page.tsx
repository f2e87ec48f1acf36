import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useSearchParams } from 'react-router';
import { PageTitle } from '#web/components/page-title.tsx';
import { resendActivation } from '#web/features/accounts/accounts.api.ts';
import { url } from '#web/lib/url.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useRootData } from '#web/lib/use-root-data.ts';

/** The activation result pages `activate/done` and `activate/error` (spec §2, §8). */
export default function ActivateResultPage() {
  const { t } = useTranslation();
  const root = useRootData();
  const matches = useMatches();
  const [params] = useSearchParams();
  const [sent, setSent] = useState(false);
  const { run, busy, error } = useAsyncAction();
  const isHydrated = useHydrated();
  const ok = matches[matches.length - 1]?.id === 'activate/done';
  const reason = params.get('reason') === 'link_invalid' ? 'link_invalid' : 'activation_failed';
  // A second click on the link of an active account: it is active, nothing failed.
  const already = ok && params.get('already') === '1';
  const title = already
    ? t('activate.done.already_title')
    : ok
      ? t('activate.done.title')
      : t('errors.activation_failed');
  const canResend = !ok && root?.user && !root.user.email_confirmed;
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle title={title} />
      <p className="display-5" aria-hidden="true">
        {ok ? '🎉' : '⚠️'}
      </p>
      <h1 className="h3">{title}</h1>
      {ok ? (
        <>
          <p>{already ? t('activate.done.already_text') : t('activate.done.text', { site: root?.site.name })}</p>
          {/* A new member logs in here for the first time (signup starts no session) and goes on to the welcome
              steps (photo, about me, interests), which then lead to search; a member who did them goes to search. */}
          <Link
            to={
              root?.user
                ? url(root.user.onboarded ? 'members' : 'complete-signup')
                : url('login', {}, { redirect: url(already ? 'members' : 'complete-signup') })
            }
            className="btn btn-primary"
          >
            {root?.user ? t('activate.done.cta') : t('nav.login')}
          </Link>
        </>
      ) : (
        <>
          <p>{t(`errors.${reason}`)}</p>
          {canResend ? (
            sent ? (
              <p className="text-success" role="status">
                {t('signup.check_email.resent')}
              </p>
            ) : (
              <>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() =>
                    void run(async () => {
                      await resendActivation();
                      setSent(true);
                    })
                  }
                  disabled={busy || !isHydrated}
                >
                  {t('activate.error.resend')}
                </button>
                {error ? (
                  <p className="text-danger mt-2 mb-0" role="alert">
                    {error}
                  </p>
                ) : null}
              </>
            )
          ) : root?.user ? null : (
            <p>
              <Link to={url('login')}>{t('activate.error.login_hint')}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
