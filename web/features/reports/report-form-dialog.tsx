import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, type TReportReason, ZReportRequest } from '#common/reports.ts';
import { ChoiceField, Field } from '#web/lib/form/field.tsx';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { CharCounter } from './char-counter.tsx';
import { apiFieldIssues, issuesByField, type TFieldIssues } from '#web/lib/form/form-issues.ts';
import { sendReport } from './reports.api.ts';

/** What is reported: a profile, or one of its photos. */
export interface TReportTarget {
  profileId: number;
  /** Set to report one photo of the profile instead of the profile. */
  photoId?: string;
  /** The member's name, shown in the title. */
  name: string;
}

/**
 * The report dialog (react-bootstrap Modal: focus kept inside, Escape closes, focus returns to the button):
 * a reason, an optional message with a counter, then a confirmation.
 */
export default function ReportDialog({
  profileId,
  photoId,
  name,
  show,
  onHide,
}: TReportTarget & { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const [reason, setReason] = useState<TReportReason | ''>('');
  const [message, setMessage] = useState('');
  const [issues, setIssues] = useState<TFieldIssues>({});
  const { run, busy, error, setError } = useAsyncAction();
  const [isSent, setIsSent] = useState(false);

  // Closing is refused while the report is on its way, so its answer is never lost.
  const hide = () => {
    if (!busy) onHide();
  };

  useEffect(() => {
    // Moving focus to the confirmation makes screen readers read it.
    if (isSent) sentRef.current?.focus();
  }, [isSent]);

  const reset = () => {
    setReason('');
    setMessage('');
    setIssues({});
    setError(null);
    setIsSent(false);
  };
  const focusFirstIssue = (found: TFieldIssues) => {
    const field = 'reason' in found ? 'reason' : Object.keys(found)[0];
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    el?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { profile_id: profileId, photo_id: photoId, reason, message };
    const parsed = ZReportRequest.safeParse(body);
    if (!parsed.success) {
      const found = issuesByField(parsed.error.issues);
      setIssues(found);
      focusFirstIssue(found);
      return;
    }
    setIssues({});
    await run(
      async () => {
        await sendReport(parsed.data);
        setIsSent(true);
      },
      {
        error: (err, fallback) => {
          const found = apiFieldIssues(err);
          setIssues(found);
          return Object.keys(found).length ? null : err instanceof Error ? err.message : fallback;
        },
      },
    );
  };

  const titleId = `${id}-title`;
  return (
    <Modal
      show={show}
      onHide={hide}
      onExited={reset}
      centered
      backdrop={busy ? 'static' : true}
      // Esc always reaches hide(), which ignores it while a report is being sent.
      keyboard
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title as="h2" id={titleId} className="h5">
          {photoId ? t('reports.title_photo', { name }) : t('reports.title', { name })}
        </Modal.Title>
      </Modal.Header>
      {isSent ? (
        <>
          <Modal.Body>
            <div ref={sentRef} className="alert alert-success mb-0" role="status" tabIndex={-1}>
              {t('reports.success')}
            </div>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-primary" onClick={hide}>
              {t('common.close')}
            </button>
          </Modal.Footer>
        </>
      ) : (
        <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
          <Modal.Body>
            <p className="text-body-secondary">{t('reports.intro', { name })}</p>
            <ChoiceField
              id={`${id}-reason`}
              name="reason"
              legend={t('reports.reason_legend')}
              options={REPORT_REASONS.map((value) => [value, t(`reports.reasons.${value}`)] as const)}
              value={reason}
              onChange={setReason}
              issue={issues.reason}
            />
            <Field
              id={`${id}-message`}
              label={t('reports.message_label')}
              className=""
              describedBy={`${id}-counter`}
              after={<CharCounter id={`${id}-counter`} length={message.length} max={REPORT_MESSAGE_MAX} />}
              issue={issues.message}
              issueValues={{ max: REPORT_MESSAGE_MAX }}
            >
              {(wiring) => (
                <textarea
                  {...wiring}
                  name="message"
                  className={`form-control${issues.message ? ' is-invalid' : ''}`}
                  rows={4}
                  maxLength={REPORT_MESSAGE_MAX}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                />
              )}
            </Field>
            {error ? (
              <div className="alert alert-danger mt-3 mb-0" role="alert">
                {error}
              </div>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={hide} disabled={busy}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? (
                <>
                  <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  {t('reports.sending')}
                </>
              ) : (
                t('reports.submit')
              )}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
