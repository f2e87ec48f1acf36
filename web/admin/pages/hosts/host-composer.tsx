import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GIFTS } from '#common/gifts.ts';
import type { THostConversation, THostReplyRequest } from '#common/wire/admin/hosts.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

type TKind = 'text' | 'gift' | 'photo';

/**
 * The reply box: a text (Ctrl+Enter sends), a gift, or one of the profile's photos. `send` resolves true when the
 * reply went out (the field is cleared then).
 */
export function HostComposer(props: {
  chatId: number;
  photos: THostConversation['fictional']['photos'];
  disabled: boolean;
  busy: boolean;
  send: (reply: THostReplyRequest) => Promise<boolean>;
}) {
  const { chatId, photos, disabled, busy, send } = props;
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation();
  const isHydrated = useHydrated();
  const [kind, setKind] = useState<TKind>('text');
  const [text, setText] = useState('');
  const [gift, setGift] = useState<string>(GIFTS[0]);
  const [photoId, setPhotoId] = useState(photos[0]?.id ?? '');
  const off = disabled || busy || !isHydrated;
  const submit = async () => {
    if (off) return;
    const reply: THostReplyRequest =
      kind === 'text'
        ? { chatId, text }
        : kind === 'gift'
          ? { chatId, gift: gift as THostReplyRequest['gift'] }
          : { chatId, photoId };
    if ((await send(reply)) && kind === 'text') setText('');
  };
  return (
    <form
      className="card card-body"
      aria-label={t('hosts.reply_as')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="mb-2" disabled={off}>
        <legend className="visually-hidden">{t('hosts.reply_kind')}</legend>
        {(['text', 'gift', 'photo'] as const).map((k) => (
          <div className="form-check form-check-inline" key={k}>
            <input
              className="form-check-input"
              type="radio"
              name="reply-kind"
              id={`reply-kind-${k}`}
              checked={kind === k}
              disabled={k === 'photo' && !photos.length}
              onChange={() => setKind(k)}
            />
            <label className="form-check-label" htmlFor={`reply-kind-${k}`}>
              {t(`hosts.kind_${k}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {kind === 'text' ? (
        <>
          <label className="form-label visually-hidden" htmlFor="reply-text">
            {t('hosts.reply_text')}
          </label>
          <textarea
            id="reply-text"
            className="form-control mb-2"
            rows={3}
            value={text}
            disabled={off}
            placeholder={t('hosts.reply_text')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void submit();
              }
            }}
          />
          <div className="form-text mb-2">{t('hosts.send_hint')}</div>
        </>
      ) : kind === 'gift' ? (
        <>
          <label className="form-label" htmlFor="reply-gift">
            {t('hosts.kind_gift')}
          </label>
          <select
            id="reply-gift"
            className="form-select mb-2"
            value={gift}
            disabled={off}
            onChange={(e) => setGift(e.target.value)}
          >
            {GIFTS.map((g) => (
              <option key={g} value={g}>
                {tm(`gifts.${g}`)}
              </option>
            ))}
          </select>
        </>
      ) : (
        <fieldset className="d-flex flex-wrap gap-2 mb-2" disabled={off}>
          <legend className="form-label fs-6">{t('hosts.kind_photo')}</legend>
          {photos.map((p, i) => (
            <label key={p.id} className="d-inline-block">
              <input
                type="radio"
                className="form-check-input me-1"
                name="reply-photo"
                checked={photoId === p.id}
                onChange={() => setPhotoId(p.id)}
                aria-label={t('hosts.photo_n', { n: i + 1 })}
              />
              <img src={p.thumb_filename} alt="" width={64} height={64} className="rounded" />
            </label>
          ))}
        </fieldset>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={off || (kind === 'text' && !text.trim())}>
          {busy ? t('common.working') : t('hosts.send')}
        </button>
      </div>
    </form>
  );
}
