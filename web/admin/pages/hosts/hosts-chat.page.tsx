import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminPath } from '#common/routes.ts';
import {
  hostsApi,
  type THostConversation,
  type THostLease,
  type THostMessage,
  type THostReplyRequest,
} from '#common/wire/admin/hosts.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { HostComposer } from './host-composer.tsx';
import { HostProfileCard } from './host-profile-card.tsx';
import { dateTimeText } from './hosts-format.ts';

/** A held lease is renewed this often while the page is open (it lasts five minutes). */
const RENEW_EVERY_MS = 2 * 60 * 1000;
/** The conversation is read again this often while on screen. */
const POLL_EVERY_MS = 20_000;

/** Two lists of messages as one, by id, oldest first (each message once). */
function mergeMessages(a: THostMessage[], b: THostMessage[]): THostMessage[] {
  const byId = new Map([...a, ...b].map((m) => [m.id, m]));
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** One message: the member's on the left, the profile's on the right. */
function Message({ m }: { m: THostMessage }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tm } = useTranslation();
  return (
    <li className={`d-flex ${m.fromMember ? '' : 'justify-content-end'}`}>
      <div
        className={`rounded p-2 mb-2 text-break ${m.fromMember ? 'bg-white border' : 'bg-primary-subtle'}`}
        style={{ maxWidth: '85%' }}
      >
        <div className="visually-hidden">{m.fromMember ? t('hosts.from_member') : t('hosts.from_profile')}</div>
        {m.kind === 'text' ? <span style={{ whiteSpace: 'pre-wrap' }}>{m.text}</span> : null}
        {m.kind === 'gift' && m.gift ? (
          <span>
            <img src={`/gifts/${m.gift}.svg`} alt="" width={32} height={32} /> {tm(`gifts.${m.gift}`)}
          </span>
        ) : null}
        {m.photo ? (
          <a href={m.photo.filename} target="_blank" rel="noreferrer">
            <img src={m.photo.thumb_filename} alt={t('hosts.kind_photo')} width={120} className="rounded" />
          </a>
        ) : null}
        <div className="small text-body-secondary">{dateTimeText(m.createdAt, i18n.language)}</div>
      </div>
    </li>
  );
}

/** Who holds the conversation, and the claim and give-back buttons. */
function LeaseBar(props: { lease: THostLease | null; busy: boolean; claim: () => void; release: () => void }) {
  const { lease, busy, claim, release } = props;
  const { t } = useTranslation('admin');
  const isHydrated = useHydrated();
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-2" role="status">
      {lease?.mine ? (
        <>
          <span className="badge text-bg-primary">{t('hosts.held_by_me')}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!isHydrated || busy}
            onClick={release}
          >
            {t('hosts.release')}
          </button>
        </>
      ) : lease ? (
        <span className="badge text-bg-warning">{t('hosts.held_by', { name: lease.staffName })}</span>
      ) : (
        <button type="button" className="btn btn-sm btn-primary" disabled={!isHydrated || busy} onClick={claim}>
          {t('hosts.claim')}
        </button>
      )}
    </div>
  );
}

/** A conversation with a fictional profile: the member, the messages and the reply box, the profile. */
export default function HostsChatPage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const chatId = Number(params.get('chatId'));
  const navigate = useNavigate();
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const act = useAsyncAction();
  const [view, setView] = useState<THostConversation | null>(null);
  const [sent, setSent] = useState(false);
  const refresh = useCallback(
    () =>
      void load.run(async () => {
        let conversation = await api.call(hostsApi.conversation, { chatId });
        // Opening a conversation nobody holds claims it: the host came to answer it.
        if (!conversation.lease) {
          const lease = await api.call(hostsApi.claim, { chatId }).catch(() => null);
          conversation = { ...conversation, lease };
        }
        setView(conversation);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [chatId],
  );
  useEffect(refresh, [refresh]);
  const mine = Boolean(view?.lease?.mine);
  useEffect(() => {
    if (!mine) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      void api.call(hostsApi.claim, { chatId }).then(
        (lease) => setView((v) => (v ? { ...v, lease } : v)),
        () => refresh(),
      );
    }, RENEW_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [mine, chatId, refresh]);
  // The member may write again while the host reads: the newest page every 20 s (no new claim).
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      void api.call(hostsApi.conversation, { chatId }).then(
        (fresh) =>
          setView((v) =>
            v ? { ...fresh, messages: mergeMessages(v.messages, fresh.messages), hasOlder: v.hasOlder } : v,
          ),
        () => undefined,
      );
    }, POLL_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [chatId]);
  const older = () =>
    void load.run(async () => {
      const first = view?.messages[0];
      if (!first) return;
      const page = await api.call(hostsApi.conversation, { chatId, before: first.id });
      setView((v) => (v ? { ...v, messages: mergeMessages(page.messages, v.messages), hasOlder: page.hasOlder } : v));
    });
  const claim = () =>
    void act.run(async () => {
      const lease = await api.call(hostsApi.claim, { chatId });
      setView((v) => (v ? { ...v, lease } : v));
    });
  const release = () =>
    void act.run(async () => {
      await api.call(hostsApi.release, { chatId });
      navigate(adminPath('admin-hosts'));
    });
  const send = async (reply: THostReplyRequest) =>
    (await act.run(async () => {
      const answer = await api.call(hostsApi.reply, reply);
      setView((v) =>
        v ? { ...v, lease: answer.lease, unanswered: false, messages: [...v.messages, answer.message] } : v,
      );
      setSent(true);
      return true;
    })) === true;
  const next = () =>
    void act.run(async () => {
      const { lease } = await api.call(hostsApi.next, {});
      navigate(lease ? adminPath('admin-hosts-chat', { chatId: lease.chatId }) : adminPath('admin-hosts'));
    });

  if (!view) {
    return load.error ? (
      <div className="alert alert-danger" role="alert">
        {load.error} <Link to={adminPath('admin-hosts')}>{t('hosts.back')}</Link>
      </div>
    ) : (
      <p role="status">{t('common.loading')}</p>
    );
  }
  return (
    <>
      <title>{t('hosts.chat_title', { member: view.member.name, profile: view.fictional.name })}</title>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link to={adminPath('admin-hosts')} className="btn btn-sm btn-outline-secondary">
          {t('hosts.back')}
        </Link>
        <h1 className="h4 mb-0 me-auto">
          {t('hosts.pair', { member: view.member.name, profile: view.fictional.name })}
        </h1>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={!isHydrated || act.busy}
          onClick={next}
        >
          {t('hosts.next')}
        </button>
      </div>
      <div className="row g-3">
        <div className="col-12 col-lg-3">
          <HostProfileCard card={view.member} heading={t('hosts.the_member')} />
        </div>
        <div className="col-12 col-lg-6">
          <LeaseBar lease={view.lease} busy={act.busy} claim={claim} release={release} />
          {view.hasOlder ? (
            <button
              type="button"
              className="btn btn-sm btn-link px-0"
              disabled={!isHydrated || load.busy}
              onClick={older}
            >
              {t('hosts.show_older')}
            </button>
          ) : null}
          <ol className="list-unstyled mb-3" aria-label={t('hosts.messages')} aria-live="polite">
            {view.messages.map((m) => (
              <Message key={m.id} m={m} />
            ))}
          </ol>
          {act.error ? (
            <div className="alert alert-danger" role="alert">
              {act.error}
            </div>
          ) : null}
          {sent && !act.error ? (
            <p className="small text-success" role="status">
              {t('hosts.sent')}
            </p>
          ) : null}
          <HostComposer chatId={chatId} photos={view.fictional.photos} disabled={!mine} busy={act.busy} send={send} />
        </div>
        <div className="col-12 col-lg-3">
          <HostProfileCard card={view.fictional} heading={t('hosts.the_profile')} />
        </div>
      </div>
    </>
  );
}
