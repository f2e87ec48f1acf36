import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { makeSignupSchema, signupIssues, type TSignupRequest } from '#common/accounts.ts';
import type { TActionError } from '#web/lib/form/action-result.server.ts';
import { FormError } from '#web/lib/form/form-error.tsx';
import { url } from '#web/lib/url.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { AboutYouStep } from './about-you-step.tsx';
import { BirthDateStep } from './birth-date-step.tsx';
import { CheckEmailStep } from './check-email-step.tsx';
import { EmailStep } from './email-step.tsx';
import { NameStep } from './name-step.tsx';
import { PasswordStep } from './password-step.tsx';
import { SIGNUP_STEPS } from './signup-step.ts';
import { SignupProgress } from './signup-progress.tsx';

type TIssue = { path: string; message: string };

const STEP_COMPONENTS = [AboutYouStep, BirthDateStep, NameStep, EmailStep, PasswordStep] as const;

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
  const [changingEmail, setChangingEmail] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (patch: Partial<TSignupRequest>) => setForm((f) => ({ ...f, ...patch }));
  const busy = fetcher.state !== 'idle';
  const isHydrated = useHydrated();
  const serverError = fetcher.data && 'error' in fetcher.data && !changingEmail ? fetcher.data.error : null;
  const done = fetcher.data && 'done' in fetcher.data ? fetcher.data : null;
  const serverIssues = (serverError?.data?.issues as TIssue[] | undefined) ?? [];
  const allIssues = [...issues, ...serverIssues];
  const issueFor = (field: string) => allIssues.find((i) => i.path === field)?.message;
  const touched = step > 0 || Object.keys(form).some((k) => k !== 'tracking' && k !== 'member_id');
  useEffect(() => {
    onProgress?.(Boolean(touched || busy) && (!done || changingEmail));
  }, [touched, busy, done, changingEmail, onProgress]);

  /**
   * Validates the fields of the current step with the shared schema (all of its problems at once), then moves on. The
   * last step always goes to the server, which answers every problem together, a password too easy to guess included.
   */
  const next = () => {
    const stepFields = SIGNUP_STEPS[step] as string[];
    const found = signupIssues(schema, { ...form, accept_terms: form.accept_terms ?? false }).filter((i) =>
      stepFields.includes(i.path),
    );
    setIssues(found);
    if (step < SIGNUP_STEPS.length - 1) {
      if (!found.length) setStep(step + 1);
      else focusFirstProblem();
      return;
    }
    setChangingEmail(false);
    fetcher.submit(JSON.stringify({ ...form }), {
      method: 'post',
      action: url('signup'),
      encType: 'application/json',
    });
  };
  /** Focus goes to the first field with a problem, so a screen reader hears it and the keyboard is there. */
  const focusFirstProblem = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .is-invalid')?.focus(),
    );

  // A new step puts the focus on its first field (not on the first render: the page's own focus stays).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [step]);
  // The server's problems (last step) take the focus to the first of them.
  useEffect(() => {
    if (serverIssues.length) focusFirstProblem();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  if (done && !changingEmail)
    return (
      <CheckEmailStep
        email={done.email}
        onChangeEmail={() => {
          // The address was mistyped: back to the address step with every answer kept. The account made with the
          // wrong address stays unconfirmed (its link went to the wrong inbox).
          setChangingEmail(true);
          setStep(SIGNUP_STEPS.findIndex((f) => f.includes('email')));
        }}
      />
    );
  const Step = STEP_COMPONENTS[step];
  return (
    <form
      ref={formRef}
      className="card card-body shadow-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        next();
      }}
    >
      <SignupProgress step={step} total={SIGNUP_STEPS.length} />
      <FormError
        error={
          serverError && (serverError.code !== 'invalid_request' || serverIssues.length === 0) ? serverError : null
        }
      />
      <Step form={form} set={set} issueFor={issueFor} minAge={minAge} member={member} />
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
          {busy ? t('common.loading') : step < SIGNUP_STEPS.length - 1 ? t('common.continue') : t('signup.submit')}
        </button>
      </div>
      <p className="small text-body-secondary mt-3 mb-0">
        <Link to={url('login')}>{t('home.cta_login')}</Link>
      </p>
    </form>
  );
}
