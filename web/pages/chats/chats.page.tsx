import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useNavigate } from 'react-router';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { FictionalIcon, FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import {
  type TChatListItem,
  loadChats,
  removeChatLocally,
  setChats,
  useChats,
} from '#web/features/chat/chats-store.ts';
import { deleteConversation } from '#web/features/chat/chat.api.ts';
import { BlockedByNote } from '#web/features/chat/blocked-by-note.tsx';
import { useVisualViewportHeight } from '#web/features/chat/chat-screen.ts';
import { ChatListEntry } from '#web/features/chat/chat-list-entry.tsx';
import { chatPrices, Conversation } from '#web/features/chat/conversation.tsx';
import { isDeletedMember, memberName } from '#web/features/erasure/deleted-member.ts';
import { appContext } from '#web/lib/app-context.ts';
import { errorMessage } from '#web/lib/async-action.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/chats.page';

/** The member's conversations and, on /chats/{id}, one conversation's newest messages. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  // The open conversation first: reading it marks it read, so the list below already shows it without unread.
  const id = params.id ? Number(params.id) : null;
  const page =
    id !== null && Number.isSafeInteger(id)
      ? await ctx.services.chat.messages(user.profile.id, { conversationId: id }, ctx.site.cdnPrefix).catch(() => null)
      : null;
  if (id !== null && !page) throw data('', { status: 404 });
  // A member the other one blocked is told so by name (spec §6), not shown the conversation.
  const blockedBy = page ? await ctx.services.chat.blockedBy(user.profile.id, page.other_profile_id) : null;
  if (blockedBy !== null) return data({ blockedBy }, { status: 403 });
  const chats = await ctx.services.chat.list(user.profile.id, ctx.site.cdnPrefix);
  let open = null;
  if (id !== null && page) {
    const profile =
      chats.find((c) => c.conversation.id === id)?.profile ??
      (await ctx.services.profiles.publicCard(page.other_profile_id, ctx.site.cdnPrefix));
    open = { id, page, profile };
  }
  return {
    chats,
    open,
    messageLength: ctx.site.messageLength,
    prices: chatPrices(ctx.site),
  };
}

/** chats and chats-id (spec §2): the list beside the messages from 992 px; below, one or the other. */
export default function ChatsPage({ loaderData }: Route.ComponentProps) {
  useVisualViewportHeight();
  if ('blockedBy' in loaderData) return <BlockedByNote name={loaderData.blockedBy} />;
  return <ChatsScreen data={loaderData} />;
}

/** How often the open conversation list is read again for the other members' presence. */
const PRESENCE_REFRESH_MS = 60_000;

type TChatsData = Exclude<Route.ComponentProps['loaderData'], { blockedBy: string }>;

/** The list beside the open conversation; deleting asks first (the app's dialog) and reports a failure in the page. */
function ChatsScreen({ data: loaderData }: { data: TChatsData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = loaderData;
  useEffect(() => {
    setChats(loaderData.chats as TChatListItem[]);
  }, [loaderData.chats]);
  useEffect(() => {
    // Presence ("Online now") changes without a message: the list is read again while it is on screen.
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void loadChats();
    }, PRESENCE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const chats = useChats();
  const { confirm, dialog } = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const remove = async (item: TChatListItem) => {
    const name = memberName(item.profile, t);
    const isConfirmed = await confirm({
      title: t('chat.delete_title', { name }),
      body: t('chat.delete_confirm'),
      confirmLabel: t('chat.delete'),
      variant: 'danger',
    });
    if (!isConfirmed) return;
    const conversationId = item.conversation.id;
    setError(null);
    removeChatLocally(conversationId);
    if (open?.id === conversationId) void navigate(url('chats'));
    try {
      await deleteConversation(conversationId);
    } catch (err) {
      setError(errorMessage(err, t('errors.error_occurred')));
      void loadChats();
    }
  };
  return (
    <section className="container-fluid d-flex flex-column flex-grow-1 pt-2 chat-screen">
      <PageTitle title={open?.profile ? memberName(open.profile, t) : t('chat.title')} />
      {dialog}
      <div className="row g-3 flex-grow-1 chat-screen">
        <aside
          className={`col-lg-4 h-100 overflow-auto chat-pane pb-3 ${open ? 'd-none d-lg-block' : ''}`}
          style={{ maxWidth: 400, minWidth: 300 }}
        >
          <h1 className="h4">{t('chat.title')}</h1>
          {error ? (
            <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
              <span className="me-auto">{error}</span>
              <button
                type="button"
                className="btn-close"
                aria-label={t('alerts.dismiss')}
                onClick={() => setError(null)}
              />
            </div>
          ) : null}
          {chats.length === 0 ? (
            <div className="text-center py-4">
              <p className="text-body-secondary">{t('chat.none')}</p>
              <Link className="btn btn-primary" to={url('members')}>
                {t('nav.search_members')}
              </Link>
            </div>
          ) : (
            <ul className="list-group" aria-label={t('chat.title')}>
              {chats.map((c) => (
                <ChatListEntry
                  key={c.conversation.id}
                  item={c}
                  active={open?.id === c.conversation.id}
                  onDelete={() => void remove(c)}
                />
              ))}
            </ul>
          )}
        </aside>
        {open ? (
          <div className="col h-100 d-flex flex-column chat-screen">
            <header className="d-flex align-items-center gap-2 border-bottom pb-2">
              <Link to={url('chats')} className="btn btn-sm btn-outline-secondary d-lg-none" aria-label={t('nav.back')}>
                ←
              </Link>
              {open.profile && isDeletedMember(open.profile) ? (
                <span className="h5 mb-0 text-body-secondary">{memberName(open.profile, t)}</span>
              ) : open.profile ? (
                <Link to={url('members-id', { id: open.profile.id })} className="h5 mb-0 text-decoration-none">
                  {open.profile.is_fictional ? <FictionalIcon className="me-1" /> : null}
                  {open.profile.name}
                </Link>
              ) : null}
            </header>
            {open.profile?.is_fictional ? (
              <FictionalNote text="singular" className="alert alert-secondary small my-2" />
            ) : null}
            <Conversation
              key={open.id}
              conversationId={open.id}
              otherProfileId={open.page.other_profile_id}
              initial={open.page.messages}
              hasOlder={open.page.has_older}
              otherName={memberName(open.profile, t)}
              closed={isDeletedMember(open.profile)}
              readUpTo={open.page.read_up_to}
              messageLength={loaderData.messageLength}
              prices={loaderData.prices}
            />
          </div>
        ) : (
          <div className="col d-none d-lg-flex align-items-center justify-content-center text-body-secondary">
            {chats.length ? t('chat.pick') : null}
          </div>
        )}
      </div>
    </section>
  );
}
