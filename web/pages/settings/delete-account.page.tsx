import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { claimRetentionOffer, deleteAccount, setInvisible } from '#web/features/accounts/accounts.api.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { CurrentPasswordField } from '#web/lib/form/current-password-field.tsx';
import { ChoiceField } from '#web/lib/form/field.tsx';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import type { Route } from './+types/delete-account.page';

/** Reasons a member can give (stored with the deletion for the product team). */
const REASONS = ['found_partner', 'no_matches', 'too_expensive', 'privacy', 'break', 'other'] as const;

/** Members only; the company's retention discount, if any, is offered first. */
export function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  requireMember(ctx, request);
  return { deleteDiscount: ctx.site.company.deleteDiscount };
}

/** Account deletion: a retention offer first, then a reason and the password (spec §2 deletion flow). */
export default function DeleteAccountPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const percent = loaderData.deleteDiscount;
  const [code, setCode] = useState<{ code: string; expires: string } | null>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [step, setStep] = useState<'offer' | 'confirm'>('offer');
  const { run, busy, error } = useAsyncAction();
  const [paused, setPaused] = useState(false);
  const isHydrated = useHydrated();

  const claim = () => run(async () => setCode(await claimRetentionOffer()));
  const pause = () =>
    run(async () => {
      await setInvisible(true);
      setPaused(true);
    });
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    await run(async () => {
      // The form's fields are text inputs, so their values are strings.
      await deleteAccount({
        password: data.get('password') as string,
        reason: (data.get('reason') as string | null) ?? 'other',
      });
      await navigate(url('account-deleted'));
      await revalidator.revalidate();
    });
  };

  return (
    <section className="container py-4" style={{ maxWidth: 640 }}>
      <PageTitle title={t('settings.delete_title')} />
      <h1 className="h3 mb-3">{t('settings.delete_title')}</h1>
      {step === 'offer' ? (
        <div className="card card-body">
          {percent > 0 ? (
            <div className="border rounded p-3 mb-3 bg-body-tertiary">
              <h2 className="h5">{t('delete.discount_title', { percent })}</h2>
              {code ? (
                <p className="mb-0 fw-semibold" role="status">
                  {t('delete.discount_code', {
                    code: code.code,
                    percent,
                    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(code.expires)),
                  })}
                </p>
              ) : (
                <>
                  <p>{t('delete.discount_text', { percent })}</p>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={busy || !isHydrated}
                    onClick={() => void claim()}
                  >
                    {t('delete.discount_cta', { percent })}
                  </button>
                </>
              )}
            </div>
          ) : null}
          <h2 className="h5">{t('delete.offer_title')}</h2>
          <p>{t('delete.offer_text')}</p>
          {error ? (
            <div className="alert alert-danger" role="alert">
              {error}
            </div>
          ) : null}
          {paused ? (
            <div className="alert alert-success" role="status">
              {t('settings.invisible_on')}
            </div>
          ) : (
            <button
              type="button"
              className="btn btn-primary mb-2 align-self-start"
              disabled={busy || !isHydrated}
              onClick={() => void pause()}
            >
              {t('delete.offer_invisible')}
            </button>
          )}
          <div className="d-flex gap-2 flex-wrap mt-2">
            <Link to={url('settings')} className="btn btn-outline-secondary">
              {t('delete.keep')}
            </Link>
            <button
              type="button"
              className="btn btn-link text-danger"
              onClick={() => setStep('confirm')}
              disabled={!isHydrated}
            >
              {t('delete.continue')}
            </button>
          </div>
        </div>
      ) : (
        <form className="card card-body" onSubmit={(e) => void submit(e)}>
          <ChoiceField
            id="reason"
            name="reason"
            legend={t('delete.reason_title')}
            legendClassName="fs-6 fw-semibold"
            options={REASONS.map((reason) => [reason, t(`delete.reason.${reason}`)] as const)}
            required
          />
          <p className="small">{t('delete.grace', { count: 14 })}</p>
          <CurrentPasswordField id="delete-password" name="password" label={t('delete.password')} />
          {error ? (
            <div className="alert alert-danger" role="alert">
              {error}
            </div>
          ) : null}
          <div className="d-flex gap-2">
            <Link to={url('settings')} className="btn btn-outline-secondary">
              {t('delete.keep')}
            </Link>
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {t('delete.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
