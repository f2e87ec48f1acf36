import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DIRECT_DEBIT_CODE_LENGTH, makeDirectDebitSchema, type TDirectDebitForm } from '#common/direct-debit.ts';
import { formatMoney } from '#common/format.ts';
import type { TDirectDebitSent } from '#common/wire/payments.ts';
import { FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { packagesFor, purchaseOrigin } from '#web/features/payments/packages.server.ts';
import { confirmDirectDebit, requestDirectDebit } from '#web/features/payments/payments.api.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { errorMessage } from '#web/lib/async-action.ts';
import { CheckField, Field } from '#web/lib/form/field.tsx';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/directdebit.page';

type TIssue = { path: string; message: string };
type TFields = Omit<TDirectDebitForm, 'package_id' | 'consent'>;
const FIELDS: { name: keyof TFields; autoComplete: string; type?: string; inputMode?: 'tel' | 'text' }[] = [
  { name: 'account_holder', autoComplete: 'name' },
  { name: 'iban', autoComplete: 'off' },
  { name: 'street', autoComplete: 'address-line1' },
  { name: 'house_number', autoComplete: 'off' },
  { name: 'zip', autoComplete: 'postal-code' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
];

/** The bundles of the member's country, whether direct debit is offered and allowed, and `?package=`. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const offer = await packagesFor(ctx);
  const status = offer.methods.includes('directdebit')
    ? await ctx.services.directDebit.status(user.id)
    : ('not_offered' as const);
  const wanted = Number(new URL(request.url).searchParams.get('package'));
  const pack = offer.packages.find((p) => p.id === wanted) ?? offer.packages[Math.min(1, offer.packages.length - 1)];
  // Where the purchase started (e.g. the chat with its draft): the result page leads back there.
  const from = purchaseOrigin(request);
  return { country: offer.country, packages: offer.packages, packageId: pack?.id ?? null, status, from };
}

/**
 * directdebit (spec §2, §3 Direct debit): account holder, IBAN, address and mobile number with the mandate consent;
 * then the SMS code ('Code invalid', spec §9). Blocked members and the limit are explained before the form.
 */
export default function DirectDebitPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const site = useRootData()?.site;
  const formId = useId();
  const [packageId, setPackageId] = useState(loaderData.packageId);
  const [fields, setFields] = useState<TFields>({
    account_holder: '',
    iban: '',
    street: '',
    house_number: '',
    zip: '',
    city: '',
    phone: '',
  });
  const [consent, setConsent] = useState(false);
  const [issues, setIssues] = useState<TIssue[]>([]);
  const { run, busy, error, setError } = useAsyncAction();
  const [sent, setSent] = useState<TDirectDebitSent | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<{ message: string; triesLeft?: number } | null>(null);
  // Before hydration a submit would be a native GET carrying the IBAN in the address.
  const isHydrated = useHydrated();

  const pack = loaderData.packages.find((p) => p.id === packageId) ?? null;
  const price = pack ? formatMoney(pack.price, pack.currency, i18n.language) : '';
  const issueFor = (name: string) => issues.find((i) => i.path === name);
  /** Shows the problems and moves the focus to the first field with one (keyboard and screen reader users). */
  const showIssues = (found: TIssue[]) => {
    setIssues(found);
    if (found[0]) setTimeout(() => document.getElementById(`${formId}-${found[0].path}`)?.focus(), 0);
  };

  if (loaderData.status !== 'ok' || !pack) {
    const message =
      loaderData.status === 'blocked'
        ? t('errors.direct_debit_blocked')
        : loaderData.status === 'limit'
          ? t('errors.direct_debit_limit')
          : t('directdebit.not_offered');
    return (
      <section className="container py-4" style={{ maxWidth: 640 }}>
        <PageTitle title={t('directdebit.title')} />
        <h1 className="h3">{t('directdebit.title')}</h1>
        <div className="alert alert-warning" role="alert">
          {message}
        </div>
        <Link className="btn btn-primary" to={url('credits')}>
          {t('directdebit.other_methods')}
        </Link>
      </section>
    );
  }

  const requestCode = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    const body = { package_id: pack.id, ...fields, consent };
    // The same rules the server applies, so most mistakes show without a round trip.
    const parsed = makeDirectDebitSchema(loaderData.country).safeParse(body);
    if (!parsed.success) {
      showIssues(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      return;
    }
    setIssues([]);
    await run(
      async () => {
        setSent(await requestDirectDebit(body));
        setOtp('');
        setOtpError(null);
      },
      {
        error: (err, fallback) => {
          const data = err instanceof ApiError ? (err.data as { issues?: TIssue[] } | undefined) : undefined;
          if (!data?.issues?.length) return errorMessage(err, fallback);
          showIssues(data.issues);
          return null;
        },
      },
    );
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    setOtpError(null);
    await run(
      async () => {
        const answer = await confirmDirectDebit(sent.request_id, otp.trim());
        await navigate(
          url('transactions', { id: answer.payment_id }, loaderData.from ? { redirect: loaderData.from } : undefined),
        );
      },
      {
        // The code's problem shows under the code field, not in the form's alert.
        error: (err, fallback) => {
          const left =
            err instanceof ApiError ? (err.data as { tries_left?: number } | undefined)?.tries_left : undefined;
          setOtpError({ message: errorMessage(err, fallback), triesLeft: left });
          return null;
        },
      },
    );
  };

  return (
    <section className="container py-4" style={{ maxWidth: 720 }}>
      <PageTitle title={t('directdebit.title')} />
      <h1 className="h3">{t('directdebit.title')}</h1>
      <p className="lead">{t('credits.method_summary', { credits: pack.credits, price })}</p>
      {sent ? (
        <form onSubmit={(e) => void confirm(e)} noValidate aria-labelledby={`${formId}-code`}>
          <h2 className="h5" id={`${formId}-code`}>
            {t('directdebit.code_title')}
          </h2>
          <p role="status">{t('directdebit.code_sent', { phone: sent.phone_hint })}</p>
          <Field
            id={`${formId}-otp`}
            label={t('directdebit.code_label')}
            className=""
            labelClassName="form-label"
            failure={
              otpError ? (
                <>
                  <div>{otpError.message}</div>
                  {otpError.triesLeft !== undefined ? (
                    <div>{t('directdebit.tries_left', { count: otpError.triesLeft })}</div>
                  ) : null}
                </>
              ) : null
            }
          >
            {(wiring) => (
              <input
                {...wiring}
                name="otp"
                className={`form-control form-control-lg otp-input ${otpError ? 'is-invalid' : ''}`}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={DIRECT_DEBIT_CODE_LENGTH}
                value={otp}
                onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
                autoFocus
              />
            )}
          </Field>
          <button
            type="submit"
            className="btn btn-primary w-100 mt-3"
            disabled={busy || otp.length !== DIRECT_DEBIT_CODE_LENGTH}
          >
            {busy ? t('directdebit.confirming') : t('directdebit.confirm', { price })}
          </button>
          <div className="d-flex flex-wrap gap-3 mt-3">
            <button type="button" className="btn btn-link p-0" onClick={() => void requestCode()} disabled={busy}>
              {t('directdebit.resend')}
            </button>
            <button type="button" className="btn btn-link p-0" onClick={() => setSent(null)}>
              {t('directdebit.change')}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={(e) => void requestCode(e)} noValidate>
          {loaderData.packages.length > 1 ? (
            <Field id={`${formId}-package`} label={t('directdebit.package')} labelClassName="form-label">
              {(wiring) => (
                <select
                  {...wiring}
                  className="form-select"
                  value={packageId ?? ''}
                  onChange={(e) => setPackageId(Number(e.target.value))}
                >
                  {loaderData.packages.map((p) => (
                    <option key={p.id} value={p.id}>
                      {t('credits.method_summary', {
                        credits: p.credits,
                        price: formatMoney(p.price, p.currency, i18n.language),
                      })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          <div className="row g-3">
            {FIELDS.map((f) => {
              const issue = issueFor(f.name);
              const id = `${formId}-${f.name}`;
              const wide = f.name === 'account_holder' || f.name === 'iban' || f.name === 'phone';
              return (
                <Field
                  key={f.name}
                  id={id}
                  label={t(`directdebit.fields.${f.name}`)}
                  className={wide ? 'col-12' : f.name === 'street' || f.name === 'city' ? 'col-md-8' : 'col-md-4'}
                  labelClassName="form-label"
                  hint={f.name === 'phone' ? t('directdebit.phone_hint') : undefined}
                  issue={issue?.message}
                >
                  {(wiring) => (
                    <input
                      {...wiring}
                      name={f.name}
                      className={`form-control ${issue ? 'is-invalid' : ''} ${f.name === 'iban' ? 'text-uppercase' : ''}`}
                      type={f.type ?? 'text'}
                      inputMode={f.inputMode}
                      autoComplete={f.autoComplete}
                      spellCheck={false}
                      value={fields[f.name]}
                      onChange={(e) => setFields({ ...fields, [f.name]: e.target.value })}
                    />
                  )}
                </Field>
              );
            })}
          </div>
          <CheckField
            id={`${formId}-consent`}
            className="mt-4"
            label={t('directdebit.consent', { site: site?.name ?? '', price })}
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            issue={issueFor('consent') ? 'validation.consent_required' : null}
          />
          {error ? (
            <p className="alert alert-danger mt-3" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary w-100 mt-4" disabled={busy || !isHydrated}>
            {busy ? t('directdebit.sending') : t('directdebit.send_code')}
          </button>
          <p className="small text-body-secondary mt-3">{t('directdebit.note')}</p>
          <Link to={url('credits')}>{t('directdebit.other_methods')}</Link>
        </form>
      )}
      <FictionalNote text="warning" className="small text-body-secondary mt-3" />
    </section>
  );
}
