import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { makeSignupSchema, type TSignupRequest } from '#common/accounts.ts';
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
  const set = (patch: Partial<TSignupRequest>) => setForm((f) => ({ ...f, ...patch }));
  const busy = fetcher.state !== 'idle';
  const isHydrated = useHydrated();
  const serverError = fetcher.data && 'error' in fetcher.data ? fetcher.data.error : null;
  const done = fetcher.data && 'done' in fetcher.data ? fetcher.data : null;
  const serverIssues = (serverError?.data?.issues as TIssue[] | undefined) ?? [];
  const allIssues = [...issues, ...serverIssues];
  const issueFor = (field: string) => allIssues.find((i) => i.path === field)?.message;
  const touched = step > 0 || Object.keys(form).some((k) => k !== 'tracking' && k !== 'member_id');
  useEffect(() => {
    onProgress?.(Boolean(touched || busy) && !done);
  }, [touched, busy, done, onProgress]);

  /** Validates the fields of the current step with the shared schema, then moves on or submits. */
  const next = () => {
    const parsed = schema.safeParse({ ...form, accept_terms: form.accept_terms ?? false });
    const stepFields = SIGNUP_STEPS[step] as string[];
    const found = parsed.success
      ? []
      : parsed.error.issues
          .map((i) => ({ path: i.path.join('.'), message: i.message }))
          .filter((i) => stepFields.includes(i.path));
    setIssues(found);
    if (found.length) return;
    if (step < SIGNUP_STEPS.length - 1) setStep(step + 1);
    else
      fetcher.submit(JSON.stringify({ ...form }), {
        method: 'post',
        action: url('signup'),
        encType: 'application/json',
      });
  };

  if (done) return <CheckEmailStep email={done.email} />;
  const Step = STEP_COMPONENTS[step];
  return (
    <form
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
