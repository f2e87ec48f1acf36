import { useTranslation } from 'react-i18next';
import { giftImage } from '#common/gifts.ts';
import type { TOutgoing } from './use-outbox.ts';

/** A message of mine on its way: its content, 'Sending…' or the upload's percentage, or its error with a retry. */
export function OutgoingBubble({ item, onRetry }: { item: TOutgoing; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex mb-2 justify-content-end">
      <div className="rounded-3 px-3 py-2 chat-bubble-mine" style={{ maxWidth: '80%', whiteSpace: 'pre-wrap' }}>
        {item.kind === 'text' ? item.text : null}
        {item.kind === 'gift' ? (
          <img
            src={giftImage(item.gift)}
            alt={t('chat.gift_label', { gift: t(`gifts.${item.gift}`) })}
            width={96}
            height={96}
          />
        ) : null}
        {item.kind === 'photo' ? (
          <img
            src={item.preview}
            alt={t('chat.photo_yours')}
            width={160}
            height={160}
            className="rounded-2 d-block"
            style={{ objectFit: 'cover' }}
          />
        ) : null}
        <div className="small mt-1 chat-meta-mine">
          {item.status === 'sending' ? (
            item.progress !== undefined && item.progress < 1 ? (
              <span role="status">{t('chat.uploading', { percent: Math.round(item.progress * 100) })}</span>
            ) : (
              t('chat.sending')
            )
          ) : (
            <span role="alert">
              {item.error}{' '}
              <button type="button" className="btn btn-link btn-sm text-white p-0 align-baseline" onClick={onRetry}>
                {t('chat.retry')}
              </button>
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
