import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TChatMessage } from '../../../common/chat.ts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { url } from '../../lib/url.ts';
import { loadChats, markChatRead } from './chats-store.ts';

/** How often an open conversation looks for new messages until the realtime socket arrives. */
const REFRESH_MS = 5000;

type TOutgoing = { key: string; text: string; status: 'sending' | 'failed'; error?: string };

export interface TConversationProps {
  conversationId: number | null;
  otherProfileId: number;
  initial: TChatMessage[];
  hasOlder: boolean;
  messageLength: number;
  messageCredits: number;
  /** Called with the conversation id after the first message of a new conversation. */
  onStarted?: (conversationId: number) => void;
  /** The other member's name, for the icebreaker suggestions of a first message. */
  icebreakerName?: string;
}

/** Suggested openers of the icebreaker modal (catalogue keys chat.icebreaker.openers.*). */
const OPENERS = ['o1', 'o2', 'o3', 'o4', 'o5'] as const;

const newKey = () => crypto.randomUUID();

/** Messages of one conversation with the composer: sending, failed-with-retry, load older, and the credit cost. */
export function Conversation(props: TConversationProps) {
  const { t, i18n } = useTranslation();
  const [messages, setMessages] = useState(props.initial);
  const [hasOlder, setHasOlder] = useState(props.hasOlder);
  const [outgoing, setOutgoing] = useState<TOutgoing[]>([]);
  const [text, setText] = useState('');
  const [blocker, setBlocker] = useState<'credits' | 'premium' | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [icebreakers, setIcebreakers] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { conversationId } = props;

  const merge = useCallback((incoming: TChatMessage[]) => {
    setMessages((now) => {
      const seen = new Set(now.map((m) => m.id));
      return [...now, ...incoming.filter((m) => !seen.has(m.id))].sort((a, b) => a.id - b.id);
    });
  }, []);

  useEffect(() => {
    if (!conversationId) return;
    markChatRead(conversationId);
    const timer = setInterval(async () => {
      const page = await api
        .get<{ messages: TChatMessage[] }>('/api/chat.php', {
          query: { conversation_id: conversationId },
          progress: false,
        })
        .catch(() => null);
      if (page) merge(page.messages);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [conversationId, merge]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, outgoing.length]);

  const deliver = async (item: TOutgoing) => {
    setOutgoing((now) => now.map((o) => (o.key === item.key ? { ...o, status: 'sending', error: undefined } : o)));
    try {
      const answer = await api.post<{ message: TChatMessage }>(
        '/api/chat.php',
        { profile_id: props.otherProfileId, text: item.text },
        { idempotencyKey: item.key },
      );
      setOutgoing((now) => now.filter((o) => o.key !== item.key));
      merge([answer.message]);
      void loadChats();
      if (!conversationId) props.onStarted?.(answer.message.conversation_id);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      if (code === 'not_enough_credits' || code === 'premium_required') {
        setOutgoing((now) => now.filter((o) => o.key !== item.key));
        setText(item.text);
        setBlocker(code === 'not_enough_credits' ? 'credits' : 'premium');
        return;
      }
      const error = err instanceof Error && err.message ? err.message : t('errors.error_occurred');
      setOutgoing((now) => now.map((o) => (o.key === item.key ? { ...o, status: 'failed', error } : o)));
    }
  };

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    const item: TOutgoing = { key: newKey(), text: value, status: 'sending' };
    setOutgoing((now) => [...now, item]);
    setText('');
    setBlocker(null);
    void deliver(item);
  };

  const loadOlder = async () => {
    if (!conversationId || !messages.length) return;
    setLoadingOlder(true);
    const page = await api
      .get<{ messages: TChatMessage[]; has_older: boolean }>('/api/chat.php', {
        query: { conversation_id: conversationId, before: messages[0].id },
      })
      .catch(() => null);
    setLoadingOlder(false);
    if (!page) return;
    merge(page.messages);
    setHasOlder(page.has_older);
  };

  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

  return (
    <div className="d-flex flex-column flex-grow-1" style={{ maxWidth: 800, minHeight: 0 }}>
      <div className="flex-grow-1 overflow-auto p-3" role="log" aria-live="polite" aria-label={t('chat.messages')}>
        {hasOlder ? (
          <div className="text-center mb-3">
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => void loadOlder()}
              disabled={loadingOlder}
            >
              {t('chat.load_older')}
            </button>
          </div>
        ) : null}
        {messages.length === 0 && outgoing.length === 0 ? (
          <p className="text-center text-body-secondary">{t('chat.empty')}</p>
        ) : null}
        {messages.map((m) => (
          <div key={m.id} className={`d-flex mb-2 ${m.from_me ? 'justify-content-end' : ''}`}>
            <div
              className={`rounded-3 px-3 py-2 ${m.from_me ? 'text-bg-primary' : 'bg-body-tertiary'}`}
              style={{ maxWidth: '80%', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {m.text}
              <div className={`small mt-1 ${m.from_me ? 'text-white-50' : 'text-body-secondary'}`}>
                <time dateTime={m.created_at}>{time(m.created_at)}</time>
                {m.from_me ? <span className="visually-hidden"> {t('chat.sent')}</span> : null}
              </div>
            </div>
          </div>
        ))}
        {outgoing.map((o) => (
          <div key={o.key} className="d-flex mb-2 justify-content-end">
            <div
              className="rounded-3 px-3 py-2 text-bg-primary opacity-75"
              style={{ maxWidth: '80%', whiteSpace: 'pre-wrap' }}
            >
              {o.text}
              <div className="small mt-1 text-white-50">
                {o.status === 'sending' ? (
                  t('chat.sending')
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
      {blocker ? (
        <div className="alert alert-warning mx-3 d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">
            {blocker === 'credits' ? t('errors.not_enough_credits') : t('errors.premium_required')}
          </span>
          <Link className="btn btn-sm btn-primary" to={blocker === 'credits' ? url('credits') : url('premium')}>
            {blocker === 'credits' ? t('chat.buy_credits') : t('nav.get_premium')}
          </Link>
        </div>
      ) : null}
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
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
            aria-describedby="chat-cost"
          />
          <button type="submit" className="btn btn-primary align-self-end" disabled={!text.trim()}>
            {t('chat.send')}
          </button>
        </div>
        {props.icebreakerName ? (
          <button type="button" className="btn btn-link btn-sm px-0" onClick={() => setIcebreakers(true)}>
            {t('chat.icebreaker.button')}
          </button>
        ) : null}
        <div id="chat-cost" className="form-text">
          {t('chat.cost', { count: props.messageCredits })} · {props.messageLength - text.length}
        </div>
      </form>
      <Modal
        show={icebreakers}
        onHide={() => setIcebreakers(false)}
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
              const opener = t(`chat.icebreaker.openers.${key}`, { name: props.icebreakerName });
              return (
                <button
                  key={key}
                  type="button"
                  className="list-group-item list-group-item-action"
                  onClick={() => {
                    setText(opener);
                    setIcebreakers(false);
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
