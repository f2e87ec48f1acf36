import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAsyncAction, type TRunOptions } from './async-action.ts';

/**
 * A button's or form's call to the server: `run(work)` sets `busy`, refuses a second run while one is under way (no
 * double submit), turns a failure into `error` (the API client's translated message, else `errors.error_occurred`)
 * and reports nothing after unmount, when the signal handed to `work` is aborted.
 */
export function useAsyncAction() {
  const { t } = useTranslation();
  const [state, setState] = useState(() => ({ busy: false, error: null as string | null }));
  const [controller] = useState(() => createAsyncAction(setState));
  useEffect(() => {
    controller.attach();
    return () => controller.detach();
  }, [controller]);
  const run = useCallback(
    <T>(work: (signal: AbortSignal) => Promise<T>, options?: TRunOptions) =>
      controller.run(work, t('errors.error_occurred'), options),
    [controller, t],
  );
  return { run, busy: state.busy, error: state.error, setError: controller.setError };
}
