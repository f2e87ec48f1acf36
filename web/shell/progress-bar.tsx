import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { PROGRESS_DURATION_MS, PROGRESS_HIDE_MS, PROGRESS_THROTTLE_MS } from '#common/constants.ts';
import { progress } from '../lib/progress.ts';

type TPhase = 'idle' | 'running' | 'done';

/** Top progress bar for navigations and API calls: shows after 200 ms, fills over 5 s, hides 500 ms after finishing (spec §9). */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const store = useSyncExternalStore(progress.subscribe, progress.snapshot, progress.snapshot);
  const busy = navigation.state !== 'idle' || store.active > 0;
  const [phase, setPhase] = useState<TPhase>('idle');
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    if (busy) {
      setFailed(false);
      if (phase !== 'running') timer.current = setTimeout(() => setPhase('running'), PROGRESS_THROTTLE_MS);
    } else if (phase === 'running') {
      setFailed(store.failed);
      setPhase('done');
      timer.current = setTimeout(() => setPhase('idle'), PROGRESS_HIDE_MS);
    }
    return () => clearTimeout(timer.current);
  }, [busy, phase, store.failed]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`app-progress app-progress--${phase}${failed ? ' app-progress--failed' : ''}`}
      role="progressbar"
      aria-label={t('progress.label')}
      aria-busy={phase === 'running'}
      style={{ ['--progress-duration' as string]: `${PROGRESS_DURATION_MS}ms` }}
    >
      <div className="app-progress__bar" />
    </div>
  );
}
