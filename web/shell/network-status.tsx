import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { network } from '../lib/network.ts';

/** Announces going offline and coming back online (toast, 350 px wide as spec §9). */
export function NetworkStatus() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(network.subscribe, network.isOnline, () => true);
  const [showBack, setShowBack] = useState(false);
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      setShowBack(true);
      const timer = setTimeout(() => setShowBack(false), 4000);
      return () => clearTimeout(timer);
    }
  }, [online]);

  if (online && !showBack) return <div className="visually-hidden" role="status" aria-live="polite" />;
  return (
    <div className="toast-container position-fixed bottom-0 start-50 translate-middle-x p-3">
      <div
        className={`toast show align-items-center border-0 text-white ${online ? 'bg-success' : 'bg-secondary'}`}
        role="status"
        aria-live="polite"
      >
        <div className="toast-body">{online ? t('network.online') : t('network.offline')}</div>
      </div>
    </div>
  );
}
