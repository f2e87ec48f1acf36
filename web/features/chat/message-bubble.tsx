import { useTranslation } from 'react-i18next';
import type { TChatMessage } from '#common/chat.ts';
import { giftImage } from '#common/gifts.ts';
import { bubbleTime, bubbleTitle } from './relative-time.ts';

/** One message: a text, a photo (thumbnail linking to the full size), a gift or 'Message removed', with its time and 'Seen'. */
export function MessageBubble({
  message,
  otherName,
  seen,
}: {
  message: TChatMessage;
  otherName: string;
  seen: boolean;
}) {
  const { t, i18n } = useTranslation();
  const mine = message.from_me;
  const time = bubbleTime(message.created_at, i18n.language);
  let content;
  if (message.kind === 'removed') {
    // A message of a purged member: its content is gone; what the reader wrote stays.
    content = <em className={mine ? undefined : 'text-body-secondary'}>{t('erasure.message_removed')}</em>;
  } else if (message.kind === 'photo' && message.photo) {
    content = (
      <a href={message.photo.filename} target="_blank" rel="noreferrer" aria-label={t('chat.photo_open')}>
        <img
          src={message.photo.thumb_filename}
          alt={mine ? t('chat.photo_yours') : t('chat.photo_from', { name: otherName })}
          width={160}
          height={160}
          className="rounded-2 d-block"
          style={{ objectFit: 'cover' }}
          loading="lazy"
        />
      </a>
    );
  } else if (message.kind === 'gift' && message.gift) {
    const name = t(`gifts.${message.gift}`);
    content = (
      <figure className="mb-0 text-center">
        <img src={giftImage(message.gift)} alt="" width={96} height={96} />
        <figcaption className="small">{t('chat.gift_label', { gift: name })}</figcaption>
      </figure>
    );
  } else {
    content = message.text;
  }
  return (
    <div className={`d-flex mb-2 ${mine ? 'justify-content-end' : ''}`} data-message-id={message.id}>
      <div
        className={`rounded-3 px-3 py-2 ${mine ? 'chat-bubble-mine' : 'bg-body-tertiary'}`}
        style={{ maxWidth: '80%', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {content}
        <div className={`small mt-1 ${mine ? 'chat-meta-mine' : 'text-body-secondary'}`}>
          <time dateTime={message.created_at} title={bubbleTitle(message.created_at, i18n.language)}>
            {time}
          </time>
          {mine && seen ? <span> · {t('chat.seen')}</span> : null}
          {mine && !seen ? <span className="visually-hidden"> {t('chat.sent')}</span> : null}
        </div>
      </div>
    </div>
  );
}
