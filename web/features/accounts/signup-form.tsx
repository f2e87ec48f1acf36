import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import {
  makeSignupSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type TSignupRequest,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../../common/accounts.ts';
import { url } from '../../lib/url.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { TActionError } from '../../lib/form/action-result.server.ts';
import { suggestEmail } from './email-suggestion.ts';
import { FormError } from '../../lib/form/form-error.tsx';

/** The fields asked on each step (0–4), then the check-email step. */
const STEPS: (keyof TSignupRequest)[][] = [
  ['gender', 'looking_for'],
  ['date_of_birth'],
  ['name'],
  ['email'],
  ['password', 'password_confirmation', 'accept_terms', 'orientation_consent'],
];

type TIssue = { path: string; message: string };

/**
 * The step after the answer, the same whether the address was new or already had an account (whose owner was emailed
 * instead): no session yet, the emailed link comes first (issue 28).
 */
function CheckEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div className="card card-body text-center shadow-sm">
      <p className="display-6" aria-hidden="true">
        ✉️
      </p>
      <h2 className="h4">{t('signup.check_email.title')}</h2>
      <p>{t('signup.check_email.text', { email })}</p>
      <p className="small text-body-secondary">{t('signup.check_email.then_login')}</p>
      <Link className="btn btn-outline-primary mt-2" to={url('login')}>
        {t('nav.login')}
      </Link>
    </div>
  );
}

/** The five signup steps plus the check-email step; submits to the `/signup` action (page and modal alike). */
export function SignupForm({
  minAge,
  tracking,
  member,
  onProgress,
}: {
  minAge: number;
  tracking: Record<string, string>;
  /** The member the visitor signs up to chat with (member signup page). */
  member?: { id: number; name: string };
  /** Told whether signing up is under way (the modal then cannot be dismissed, spec §2). */
  onProgress?: (inProgress: boolean) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TActionError | { done: true; email: string }>();
  const schema = useMemo(() => makeSignupSchema(minAge), [minAge]);
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<Partial<TSignupRequest>>({ tracking, member_id: member?.id });
  const [issues, setIssues] = useState<TIssue[]>([]);
  const set = (patch: Partial<TSignupRequest>) => setForm((f) => ({ ...f, ...patch }));
  const busy = fetcher.state !== 'idle';
  const isHydrated = useHydrated();
  const serverError = fetcher.data && 'error' in fetcher.data ? fetcher.data.error : null;
  const done = fetcher.data && 'done' in fetcher.data ? fetcher.data : null;
  const serverIssues = (serverError?.data?.issues as TIssue[] | undefined) ?? [];
  const allIssues = [...issues, ...serverIssues];
  const issueFor = (field: string) => allIssues.find((i) => i.path === field);
  const suggestion = form.email ? suggestEmail(String(form.email)) : null;
  const touched = step > 0 || Object.keys(form).some((k) => k !== 'tracking' && k !== 'member_id');
  useEffect(() => {
    onProgress?.(Boolean(touched || busy) && !done);
  }, [touched, busy, done, onProgress]);

  /** Validates the fields of the current step with the shared schema, then moves on or submits. */
  const next = () => {
    const parsed = schema.safeParse({ ...form, accept_terms: form.accept_terms ?? false });
    const stepFields = STEPS[step] as string[];
    const found = parsed.success
      ? []
      : parsed.error.issues
          .map((i) => ({ path: i.path.join('.'), message: i.message }))
          .filter((i) => stepFields.includes(i.path));
    setIssues(found);
    if (found.length) return;
    if (step < STEPS.length - 1) setStep(step + 1);
    else
      fetcher.submit(JSON.stringify({ ...form }), {
        method: 'post',
        action: url('signup'),
        encType: 'application/json',
      });
  };

  const field = (name: keyof TSignupRequest, label: string, input: ReactNode, hint?: string) => {
    const issue = issueFor(name);
    return (
      <div className="mb-3">
        <label className="form-label fw-semibold" htmlFor={`signup-${name}`}>
          {label}
        </label>
        {input}
        {hint ? (
          <div className="form-text" id={`signup-${name}-hint`}>
            {hint}
          </div>
        ) : null}
        {issue ? (
          <div className="invalid-feedback d-block" id={`signup-${name}-error`}>
            {t(issue.message, {
              min_age: minAge,
              min: name === 'name' ? USERNAME_MIN : PASSWORD_MIN,
              max: name === 'name' ? USERNAME_MAX : PASSWORD_MAX,
            })}
          </div>
        ) : null}
      </div>
    );
  };
  const aria = (name: string) => ({
    id: `signup-${name}`,
    'aria-invalid': Boolean(issueFor(name)),
    'aria-describedby': issueFor(name) ? `signup-${name}-error` : undefined,
  });

  const choice = (name: 'gender' | 'looking_for', options: [string, string][], legend: string) => (
    <fieldset className="mb-3">
      <legend className="form-label fw-semibold fs-6">{legend}</legend>
      <div className="btn-group w-100" role="group">
        {options.map(([value, label]) => (
          <span key={value} className="flex-fill d-flex">
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={`signup-${name}-${value}`}
              checked={form[name] === value}
              onChange={() => set({ [name]: value } as Partial<TSignupRequest>)}
            />
            <label className="btn btn-outline-primary flex-fill" htmlFor={`signup-${name}-${value}`}>
              {label}
            </label>
          </span>
        ))}
      </div>
      {issueFor(name) ? <div className="invalid-feedback d-block">{t(issueFor(name)!.message)}</div> : null}
    </fieldset>
  );

  return (
    <>
      {done ? (
        <CheckEmail email={done.email} />
      ) : (
        <form
          className="card card-body shadow-sm"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <div className="d-flex justify-content-between align-items-center mb-2">
            <h2 className="h5 mb-0">{t(`signup.step${step}.title`)}</h2>
            <span className="small text-body-secondary">
              {t('signup.step_of', { step: step + 1, total: STEPS.length })}
            </span>
          </div>
          <div
            className="progress mb-3"
            role="progressbar"
            aria-label={t('signup.step_of', { step: step + 1, total: STEPS.length })}
            aria-valuenow={step + 1}
            aria-valuemin={1}
            aria-valuemax={STEPS.length}
            style={{ height: 6 }}
          >
            <div className="progress-bar" style={{ width: `${((step + 1) / STEPS.length) * 100}%` }} />
          </div>
          <FormError
            error={
              serverError && (serverError.code !== 'invalid_request' || serverIssues.length === 0) ? serverError : null
            }
          />
          {step === 0 ? (
            <>
              {choice(
                'gender',
                [
                  ['male', t('signup.step0.man')],
                  ['female', t('signup.step0.woman')],
                ],
                t('signup.step0.gender_label'),
              )}
              {choice(
                'looking_for',
                [
                  ['male', t('signup.step0.looking_men')],
                  ['female', t('signup.step0.looking_women')],
                  ['both', t('signup.step0.looking_both')],
                ],
                t('signup.step0.looking_label'),
              )}
            </>
          ) : null}
          {step === 1
            ? field(
                'date_of_birth',
                t('signup.step1.dob_label'),
                <input
                  type="date"
                  className="form-control"
                  value={String(form.date_of_birth ?? '')}
                  onChange={(e) => set({ date_of_birth: e.target.value })}
                  {...aria('date_of_birth')}
                />,
                t('signup.step1.dob_hint', { min_age: minAge }),
              )
            : null}
          {step === 2
            ? field(
                'name',
                t('signup.step2.name_label'),
                <input
                  className="form-control"
                  autoComplete="nickname"
                  value={String(form.name ?? '')}
                  onChange={(e) => set({ name: e.target.value })}
                  {...aria('name')}
                />,
                t('signup.step2.name_hint'),
              )
            : null}
          {step === 3 ? (
            <>
              {field(
                'email',
                t('auth.email'),
                <input
                  type="email"
                  className="form-control"
                  autoComplete="email"
                  value={String(form.email ?? '')}
                  onChange={(e) => set({ email: e.target.value })}
                  {...aria('email')}
                />,
                t('signup.step3.email_hint'),
              )}
              {suggestion ? (
                <p className="small">
                  <button
                    type="button"
                    className="btn btn-link p-0 align-baseline"
                    onClick={() => set({ email: suggestion })}
                  >
                    {t('validation.did_you_mean', { suggestion })}
                  </button>
                </p>
              ) : null}
            </>
          ) : null}
          {step === 4 ? (
            <>
              {field(
                'password',
                t('auth.password'),
                <input
                  type="password"
                  className="form-control"
                  autoComplete="new-password"
                  value={String(form.password ?? '')}
                  onChange={(e) => set({ password: e.target.value })}
                  {...aria('password')}
                />,
                t('validation.password_length', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
              )}
              {field(
                'password_confirmation',
                t('signup.step4.password_confirm_label'),
                <input
                  type="password"
                  className="form-control"
                  autoComplete="new-password"
                  value={String(form.password_confirmation ?? '')}
                  onChange={(e) => set({ password_confirmation: e.target.value })}
                  {...aria('password_confirmation')}
                />,
              )}
              {member ? (
                <div className="mb-3">
                  <label className="form-label fw-semibold" htmlFor="signup-signup_message">
                    {t('signup.message_label', { name: member.name })}
                  </label>
                  <textarea
                    id="signup-signup_message"
                    className="form-control"
                    rows={3}
                    maxLength={1000}
                    value={String(form.signup_message ?? '')}
                    onChange={(e) => set({ signup_message: e.target.value })}
                    aria-describedby="signup-signup_message-hint"
                  />
                  <div className="form-text" id="signup-signup_message-hint">
                    {t('signup.message_hint')}
                  </div>
                </div>
              ) : null}
              <div className="form-check mb-3">
                <input
                  type="checkbox"
                  className="form-check-input"
                  id="signup-accept_terms"
                  checked={form.accept_terms === true}
                  onChange={(e) => set({ accept_terms: e.target.checked as true })}
                  aria-invalid={Boolean(issueFor('accept_terms'))}
                />
                <label className="form-check-label" htmlFor="signup-accept_terms">
                  <Trans
                    i18nKey="signup.step4.terms"
                    values={{ min_age: minAge }}
                    components={{
                      terms: <Link to={url('pages-terms')} target="_blank" />,
                      privacy: <Link to={url('pages-privacy')} target="_blank" />,
                    }}
                  />
                </label>
                {issueFor('accept_terms') ? (
                  <div className="invalid-feedback d-block">{t(issueFor('accept_terms')!.message)}</div>
                ) : null}
              </div>
              <div className="form-check mb-3">
                <input
                  type="checkbox"
                  className="form-check-input"
                  id="signup-orientation_consent"
                  checked={form.orientation_consent === true}
                  onChange={(e) => set({ orientation_consent: e.target.checked })}
                  aria-describedby="signup-orientation_consent-hint"
                />
                <label className="form-check-label" htmlFor="signup-orientation_consent">
                  {t('consent.orientation_label')}
                </label>
                <div className="form-text" id="signup-orientation_consent-hint">
                  {t('consent.orientation_hint')}
                </div>
              </div>
            </>
          ) : null}
          <div className="d-flex justify-content-between mt-2">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={step === 0 || busy}
              onClick={() => setStep(step - 1)}
            >
              {t('common.back')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || !isHydrated}>
              {busy ? t('common.loading') : step < STEPS.length - 1 ? t('common.continue') : t('signup.submit')}
            </button>
          </div>
          <p className="small text-body-secondary mt-3 mb-0">
            <Link to={url('login')}>{t('home.cta_login')}</Link>
          </p>
        </form>
      )}
    </>
  );
}
