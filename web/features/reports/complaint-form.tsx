import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPLAINT_MESSAGE_MAX,
  COMPLAINT_MESSAGE_MIN,
  COMPLAINT_NAME_MAX,
  COMPLAINT_TOPICS,
  ZComplaintRequest,
} from '#common/reports.ts';
import { Field } from '#web/lib/form/field.tsx';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { CharCounter } from './char-counter.tsx';
import { apiFieldIssues, issuesByField, type TFieldIssues } from '#web/lib/form/form-issues.ts';
import { sendComplaint } from './reports.api.ts';

type TField = 'name' | 'email' | 'topic' | 'message';
const FIELDS: TField[] = ['name', 'email', 'topic', 'message'];
/** Values for the catalogue messages of each field's problems. */
const LIMITS: Record<TField, Record<string, number>> = {
  name: { max: COMPLAINT_NAME_MAX },
  email: {},
  topic: {},
  message: { min: COMPLAINT_MESSAGE_MIN, max: COMPLAINT_MESSAGE_MAX },
};

/** The complaint form: reaches customer service and shows the complaint number once sent. */
export function ComplaintForm({
  defaultName = '',
  defaultEmail = '',
}: {
  defaultName?: string;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const isHydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<Record<TField, string>>({
    name: defaultName,
    email: defaultEmail,
    topic: '',
    message: '',
  });
  const [issues, setIssues] = useState<TFieldIssues>({});
  const { run, busy, error } = useAsyncAction();
  const [sent, setSent] = useState<{ id: number; email: string } | null>(null);

  useEffect(() => {
    // Moving focus to the confirmation makes screen readers read it.
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const set = (field: TField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const showIssues = (found: TFieldIssues) => {
    setIssues(found);
    const first = FIELDS.find((f) => f in found);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZComplaintRequest.safeParse(values);
    if (!parsed.success) {
      showIssues(issuesByField(parsed.error.issues));
      return;
    }
    setIssues({});
    await run(
      async () => {
        const { id: number } = await sendComplaint(parsed.data);
        setSent({ id: number, email: parsed.data.email });
      },
      {
        error: (err, fallback) => {
          const found = apiFieldIssues(err);
          if (!Object.keys(found).length) return err instanceof Error ? err.message : fallback;
          showIssues(found);
          return null;
        },
      },
    );
  };

  if (sent) {
    return (
      <div ref={sentRef} className="alert alert-success" role="status" tabIndex={-1}>
        <h3 className="h5 alert-heading">{t('complaints.success_title')}</h3>
        <p>{t('complaints.success_text', { id: sent.id, email: sent.email })}</p>
        <button
          type="button"
          className="btn btn-outline-success"
          onClick={() => {
            setValues((v) => ({ ...v, topic: '', message: '' }));
            setSent(null);
          }}
        >
          {t('complaints.another')}
        </button>
      </div>
    );
  }

  const control = (field: TField) => ({
    name: field,
    value: values[field],
    onChange: set(field),
  });
  const invalid = (field: TField) => (issues[field] ? ' is-invalid' : '');
  const field = (name: TField, label: string) => ({
    id: `${id}-${name}`,
    label,
    issue: issues[name],
    issueValues: LIMITS[name],
    className: name === 'name' || name === 'email' ? 'col-md-6' : 'col-12',
  });

  return (
    <form ref={formRef} method="post" className="card card-body shadow-sm" noValidate onSubmit={(e) => void submit(e)}>
      <div className="row g-3">
        <Field {...field('name', t('complaints.name_label'))}>
          {(wiring) => (
            <input
              {...wiring}
              {...control('name')}
              type="text"
              className={`form-control${invalid('name')}`}
              autoComplete="name"
              maxLength={COMPLAINT_NAME_MAX}
              required
            />
          )}
        </Field>
        <Field {...field('email', t('complaints.email_label'))}>
          {(wiring) => (
            <input
              {...wiring}
              {...control('email')}
              type="email"
              className={`form-control${invalid('email')}`}
              autoComplete="email"
              inputMode="email"
              required
            />
          )}
        </Field>
        <Field {...field('topic', t('complaints.topic_label'))}>
          {(wiring) => (
            <select {...wiring} {...control('topic')} className={`form-select${invalid('topic')}`} required>
              <option value="" disabled>
                {t('complaints.topic_placeholder')}
              </option>
              {COMPLAINT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`complaints.topics.${topic}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          {...field('message', t('complaints.message_label'))}
          hint={t('complaints.message_hint')}
          hintFirst
          describedBy={`${id}-message-counter`}
          after={
            <CharCounter id={`${id}-message-counter`} length={values.message.length} max={COMPLAINT_MESSAGE_MAX} />
          }
        >
          {(wiring) => (
            <textarea
              {...wiring}
              {...control('message')}
              className={`form-control${invalid('message')}`}
              rows={6}
              minLength={COMPLAINT_MESSAGE_MIN}
              maxLength={COMPLAINT_MESSAGE_MAX}
              required
            />
          )}
        </Field>
      </div>
      {error ? (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {error}
        </div>
      ) : null}
      <div className="d-grid d-sm-block mt-3">
        <button type="submit" className="btn btn-primary" disabled={busy || !isHydrated} aria-busy={busy}>
          {busy ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('complaints.sending')}
            </>
          ) : (
            t('complaints.submit')
          )}
        </button>
      </div>
    </form>
  );
}
