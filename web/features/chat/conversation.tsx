import { useEffect, useRef, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TChatMessage } from '../../../common/chat.ts';
import type { TSendAnswer } from '../../../common/wire/chat.ts';
import { giftImage, type TGiftId } from '../../../common/gifts.ts';
import { TYPING_SEND_EVERY_MS } from '../../../common/realtime.ts';
import { ApiError } from '../../lib/api-client.ts';
import { setCredits, useCredits } from '../../lib/credits-store.ts';
import { sendRealtime } from '../../lib/realtime.ts';
import { url } from '../../lib/url.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useRootData } from '../../lib/use-root-data.ts';
import { fetchChatPage, sendMessage, sendPhotoUpload } from './chat.api.ts';
import { loadChats } from './chats-store.ts';
import { GiftPicker } from './gift-picker.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { useConversationSync } from './use-conversation-sync.ts';

type TContent =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; gift: TGiftId }
  | { kind: 'photo'; photoId?: string; file?: File; preview: string };
type TOutgoing = TContent & { key: string; status: 'sending' | 'failed'; error?: string; progress?: number };

export interface TConversationProps {
  conversationId: number | null;
  otherProfileId: number;
  /** The other member's name: icebreakers, typing indicator, photo descriptions. */
  otherName: string;
  initial: TChatMessage[];
  hasOlder: boolean;
  /** The other member has seen my messages up to this id. */
  readUpTo: number;
  messageLength: number;
  /** Site prices (spec §3 settings message_credits, photo_credits, gift_credits). */
  prices: { message: number; photo: number; gift: number };
  /** Called with the conversation id after the first message of a new conversation. */
  onStarted?: (conversationId: number) => void;
  /** Offer the icebreaker suggestions (a first message). */
  icebreakers?: boolean;
  /** The other member deleted their account: no composer, a note instead (issue 23 §4). */
  closed?: boolean;
}

/** The prices a conversation shows, from the site settings (spec §3). */
export function chatPrices(site: { messageCredits: number; photoCredits: number; giftCredits: number }) {
  return { message: site.messageCredits, photo: site.photoCredits, gift: site.giftCredits };
}

/** Suggested openers of the icebreaker modal (catalogue keys chat.icebreaker.openers.*). */
const OPENERS = ['o1', 'o2', 'o3', 'o4', 'o5'] as const;

const newKey = () => crypto.randomUUID();

/**
 * Messages of one conversation with the composer: texts, gifts and photos; sending, failed-with-retry (the same
 * idempotency key, so a retry is charged once), load older, typing indicator, 'Seen', and the credit costs.
 */
export function Conversation(props: TConversationProps) {
  const { t } = useTranslation();
  const { conversationId, otherName } = props;
  const { messages, merge, readUpTo, typing } = useConversationSync({
    conversationId,
    otherProfileId: props.otherProfileId,
    initial: props.initial,
    initialReadUpTo: props.readUpTo,
    onStarted: props.onStarted,
    onOwnDelivered: (key) => setOutgoing((now) => now.filter((o) => o.key !== key)),
  });
  const [hasOlder, setHasOlder] = useState(props.hasOlder);
  const [outgoing, setOutgoing] = useState<TOutgoing[]>([]);
  const [text, setText] = useState('');
  const [blocker, setBlocker] = useState<'credits' | 'premium' | 'daily' | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [modal, setModal] = useState<'icebreakers' | 'gifts' | 'photos' | null>(null);
  const isHydrated = useHydrated();
  const end = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const typingSentAt = useRef(0);
  const credits = useCredits(useRootData()?.user?.credits ?? 0);
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, outgoing.length, typing]);

  const update = (key: string, change: Partial<TOutgoing>) =>
    setOutgoing((now) => now.map((o) => (o.key === key ? ({ ...o, ...change } as TOutgoing) : o)));

  const request = (item: TOutgoing): Promise<TSendAnswer> => {
    const profile_id = props.otherProfileId;
    if (item.kind === 'text') return sendMessage({ profile_id, text: item.text }, item.key);
    if (item.kind === 'gift') return sendMessage({ profile_id, gift: item.gift }, item.key);
    if (item.photoId) return sendMessage({ profile_id, photo_id: item.photoId }, item.key);
    return sendPhotoUpload(profile_id, item.file!, (fraction) => update(item.key, { progress: fraction }), item.key);
  };

  const deliver = async (item: TOutgoing) => {
    update(item.key, { status: 'sending', error: undefined, progress: undefined });
    try {
      const answer = await request(item);
      setOutgoing((now) => now.filter((o) => o.key !== item.key));
      merge([answer.message]);
      setCredits(answer.credits);
      if (item.kind === 'photo' && item.file) URL.revokeObjectURL(item.preview);
      void loadChats();
      if (!conversationId) props.onStarted?.(answer.message.conversation_id);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      if (code === 'not_enough_credits' || code === 'premium_required' || code === 'daily_limit_reached') {
        setOutgoing((now) => now.filter((o) => o.key !== item.key));
        if (item.kind === 'text') setText(item.text);
        setBlocker(code === 'not_enough_credits' ? 'credits' : code === 'premium_required' ? 'premium' : 'daily');
        return;
      }
      const error = err instanceof Error && err.message ? err.message : t('errors.error_occurred');
      update(item.key, { status: 'failed', error });
    }
  };

  const queue = (content: TContent) => {
    const item = { ...content, key: newKey(), status: 'sending' } as TOutgoing;
    setOutgoing((now) => [...now, item]);
    setBlocker(null);
    setModal(null);
    void deliver(item);
  };

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    setText('');
    queue({ kind: 'text', text: value });
  };

  const onType = (value: string) => {
    setText(value);
    const now = Date.now();
    if (conversationId && value && now - typingSentAt.current > TYPING_SEND_EVERY_MS) {
      typingSentAt.current = now;
      sendRealtime({ type: 'typing', conversation_id: conversationId });
    }
  };

  const loadOlder = async () => {
    if (!conversationId || !messages.length) return;
    setLoadingOlder(true);
    const page = await fetchChatPage({ conversation_id: conversationId, before: messages[0].id }).catch(() => null);
    setLoadingOlder(false);
    if (!page) return;
    merge(page.messages);
    setHasOlder(page.has_older);
  };

  // 'Seen' goes under my newest message the other member has read.
  const seenId = messages.reduce((found, m) => (m.from_me && m.id <= readUpTo ? m.id : found), 0);

  return (
    <div className="d-flex flex-column flex-grow-1" style={{ maxWidth: 800, minHeight: 0 }}>
      <div className="flex-grow-1 overflow-auto p-3" role="log" aria-live="polite" aria-label={t('chat.messages')}>
        {hasOlder ? (
          <div className="text-center mb-3">
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => void loadOlder()}
              disabled={loadingOlder || !isHydrated}
            >
              {t('chat.load_older')}
            </button>
          </div>
        ) : null}
        {messages.length === 0 && outgoing.length === 0 ? (
          <p className="text-center text-body-secondary">{t('chat.empty')}</p>
        ) : null}
        {messages.map((m) => (
          <MessageBubble key={m.id} message={m} otherName={otherName} seen={m.id === seenId} />
        ))}
        {outgoing.map((o) => (
          <div key={o.key} className="d-flex mb-2 justify-content-end">
            <div
              className="rounded-3 px-3 py-2 text-bg-primary opacity-75"
              style={{ maxWidth: '80%', whiteSpace: 'pre-wrap' }}
            >
              {o.kind === 'text' ? o.text : null}
              {o.kind === 'gift' ? (
                <img
                  src={giftImage(o.gift)}
                  alt={t('chat.gift_label', { gift: t(`gifts.${o.gift}`) })}
                  width={96}
                  height={96}
                />
              ) : null}
              {o.kind === 'photo' ? (
                <img
                  src={o.preview}
                  alt={t('chat.photo_yours')}
                  width={160}
                  height={160}
                  className="rounded-2 d-block"
                  style={{ objectFit: 'cover' }}
                />
              ) : null}
              <div className="small mt-1 text-white-50">
                {o.status === 'sending' ? (
                  o.progress !== undefined && o.progress < 1 ? (
                    <span role="status">{t('chat.uploading', { percent: Math.round(o.progress * 100) })}</span>
                  ) : (
                    t('chat.sending')
                  )
                ) : (
                  <span role="alert">
                    {o.error}{' '}
                    <button
                      type="button"
                      className="btn btn-link btn-sm text-white p-0 align-baseline"
                      onClick={() => void deliver(o)}
                    >
                      {t('chat.retry')}
                    </button>
                  </span>
                )}
              </div>
            </div>
          </div>
        ))}
        <div ref={end} />
      </div>
      <div className="small text-body-secondary px-3" style={{ minHeight: '1.5em' }} aria-live="polite">
        {typing ? t('chat.typing', { name: otherName }) : ''}
      </div>
      {blocker ? (
        <div className="alert alert-warning mx-3 d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">
            {blocker === 'credits'
              ? t('errors.not_enough_credits')
              : blocker === 'premium'
                ? t('errors.premium_required')
                : t('errors.daily_limit_reached')}
          </span>
          {blocker === 'daily' ? null : (
            <Link className="btn btn-sm btn-primary" to={blocker === 'credits' ? url('credits') : url('premium')}>
              {blocker === 'credits' ? t('chat.buy_credits') : t('nav.get_premium')}
            </Link>
          )}
        </div>
      ) : null}
      {props.closed ? (
        <p className="border-top p-3 mb-0 small text-body-secondary" role="note">
          {t('erasure.conversation_closed')}
        </p>
      ) : (
        <form
          className="border-top p-3"
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
              maxLength={props.messageLength}
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
            <button type="submit" className="btn btn-primary align-self-end" disabled={!text.trim() || !isHydrated}>
              {t('chat.send')}
            </button>
          </div>
          <div className="d-flex flex-wrap gap-3 mt-1">
            <button
              type="button"
              className="btn btn-link btn-sm px-0"
              onClick={() => setModal('gifts')}
              disabled={!isHydrated}
            >
              {t('chat.gift_button')}
            </button>
            <button
              type="button"
              className="btn btn-link btn-sm px-0"
              onClick={() => setModal('photos')}
              disabled={!isHydrated}
            >
              {t('chat.photo_button')}
            </button>
            {props.icebreakers ? (
              <button
                type="button"
                className="btn btn-link btn-sm px-0"
                onClick={() => setModal('icebreakers')}
                disabled={!isHydrated}
              >
                {t('chat.icebreaker.button')}
              </button>
            ) : null}
          </div>
          <div id="chat-cost" className="form-text">
            {t('chat.cost', { count: props.prices.message })} · {t('chat.balance', { count: credits })} ·{' '}
            {props.messageLength - text.length}
          </div>
        </form>
      )}
      <GiftPicker
        show={modal === 'gifts'}
        name={otherName}
        price={props.prices.gift}
        onPick={(gift) => queue({ kind: 'gift', gift })}
        onHide={() => setModal(null)}
      />
      <PhotoPicker
        show={modal === 'photos'}
        name={otherName}
        price={props.prices.photo}
        onPick={(choice) => queue({ kind: 'photo', ...choice })}
        onHide={() => setModal(null)}
      />
      <Modal
        show={modal === 'icebreakers'}
        onHide={() => setModal(null)}
        centered
        aria-labelledby="icebreaker-title"
        // Focus goes to the message field after an opener is chosen, not back to the button.
        restoreFocus={false}
        onExited={() => textarea.current?.focus()}
      >
        <Modal.Header closeButton closeLabel={t('alerts.dismiss')}>
          <Modal.Title id="icebreaker-title" as="h2" className="h5">
            {t('chat.icebreaker.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="list-group">
            {OPENERS.map((key) => {
              const opener = t(`chat.icebreaker.openers.${key}`, { name: otherName });
              return (
                <button
                  key={key}
                  type="button"
                  className="list-group-item list-group-item-action"
                  onClick={() => {
                    setText(opener);
                    setModal(null);
                  }}
                >
                  {opener}
                </button>
              );
            })}
          </div>
        </Modal.Body>
      </Modal>
    </div>
  );
}
