import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAsyncAction } from '#web/lib/use-async-action.ts';

type TStatus = { kind: 'success' | 'danger'; text: string };

/**
 * The state of a settings card that loads its data after hydration and changes it with buttons: the data, a busy flag
 * while a change runs, and the outcome to announce (success, or the server's localized error).
 */
export function useCardAction<T>(load: () => Promise<T>) {
  const { t } = useTranslation();
  const [data, setData] = useState<T | null>(null);
  const { run: runAction, busy, error, setError } = useAsyncAction();
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    load().then(setData, () => setError(t('errors.error_occurred')));
    // Loaded once per mount; `load` is a module function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t]);
  /** Runs a change; its answer becomes the card's data and `done` is announced. */
  const run = useCallback(
    async (work: () => Promise<T>, doneText: string) => {
      setDone(null);
      const ok = await runAction(async () => {
        setData(await work());
        return true;
      });
      if (ok) setDone(doneText);
    },
    [runAction],
  );
  const status: TStatus | null = error
    ? { kind: 'danger', text: error }
    : done
      ? { kind: 'success', text: done }
      : null;
  return { data, busy, run, status };
}

/** The announcement of a card's last change (a status for success, an alert for an error). */
export function CardStatus({ status }: { status: TStatus | null }) {
  if (!status) return null;
  return (
    <div className={`alert alert-${status.kind} mt-3 mb-0`} role={status.kind === 'danger' ? 'alert' : 'status'}>
      {status.text}
    </div>
  );
}
