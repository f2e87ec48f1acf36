import { type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TYPING_SEND_EVERY_MS } from '#common/realtime.ts';
import { useCredits } from '#web/lib/credits-store.ts';
import { sendRealtime } from '#web/lib/realtime.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useRootData } from '#web/lib/use-root-data.ts';

/** Which picker the composer opens. */
export type TComposerModal = 'icebreakers' | 'gifts' | 'photos';

/**
 * The message field (Enter sends, Shift+Enter breaks the line) with the send button, the gift, photo and icebreaker
 * buttons, and the cost, balance and characters left; typing is announced to the other member now and then.
 */
export function Composer({
  conversationId,
  text,
  onText,
  onSend,
  onOpen,
  textarea,
  messageLength,
  messagePrice,
  icebreakers,
}: {
  conversationId: number | null;
  text: string;
  onText: (text: string) => void;
  onSend: (text: string) => void;
  onOpen: (modal: TComposerModal) => void;
  /** The field, focused again after an icebreaker is chosen. */
  textarea: RefObject<HTMLTextAreaElement | null>;
  messageLength: number;
  messagePrice: number;
  icebreakers?: boolean;
}) {
  const { t } = useTranslation();
  const isHydrated = useHydrated();
  const typingSentAt = useRef(0);
  const credits = useCredits(useRootData()?.user?.credits ?? 0);

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    onText('');
    onSend(value);
  };

  const onType = (value: string) => {
    onText(value);
    const now = Date.now();
    if (conversationId && value && now - typingSentAt.current > TYPING_SEND_EVERY_MS) {
      typingSentAt.current = now;
      sendRealtime({ type: 'typing', conversation_id: conversationId });
    }
  };

  const picker = (modal: TComposerModal, label: string) => (
    <button type="button" className="btn btn-link btn-sm px-0" onClick={() => onOpen(modal)} disabled={!isHydrated}>
      {label}
    </button>
  );

  return (
    <form
      className="border-top px-3 pt-2 chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor="chat-text" className="visually-hidden">
        {t('chat.write')}
      </label>
      <div className="d-flex gap-2">
        <textarea
          ref={textarea}
          id="chat-text"
          className="form-control"
          rows={2}
          maxLength={messageLength}
          value={text}
          placeholder={t('chat.write')}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          aria-describedby="chat-cost"
        />
        <button
          type="submit"
          className="btn btn-primary align-self-end d-flex flex-column align-items-center lh-sm px-3 text-nowrap"
          disabled={!text.trim() || !isHydrated}
        >
          <span>{t('chat.send')}</span>
          {/* The price of this message, where the member decides to send it (spec §3 message_credits). */}
          <span className="small" data-testid="chat-send-price">
            {messagePrice > 0 ? t('common.credits_count', { count: messagePrice }) : t('chat.free')}
          </span>
        </button>
      </div>
      <div className="d-flex flex-wrap gap-3 mt-1">
        {picker('gifts', t('chat.gift_button'))}
        {picker('photos', t('chat.photo_button'))}
        {icebreakers ? picker('icebreakers', t('chat.icebreaker.button')) : null}
      </div>
      <div id="chat-cost" className="form-text">
        {messagePrice > 0 ? t('chat.cost', { count: messagePrice }) : t('chat.cost_free')} ·{' '}
        {t('chat.balance', { count: credits })} · {t('chat.chars_left', { count: messageLength - text.length })}
      </div>
    </form>
  );
}
