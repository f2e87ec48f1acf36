import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useNavigate } from 'react-router';
import { FictionalIcon, FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { PersonIcon } from '#web/components/person-icon.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import {
  type TChatListItem,
  loadChats,
  removeChatLocally,
  setChats,
  useChats,
} from '#web/features/chat/chats-store.ts';
import { deleteConversation } from '#web/features/chat/chat.api.ts';
import { chatPrices, Conversation } from '#web/features/chat/conversation.tsx';
import { isDeletedMember, memberName } from '#web/features/erasure/deleted-member.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = loaderData;
  useEffect(() => {
    setChats(loaderData.chats as TChatListItem[]);
  }, [loaderData.chats]);
  const chats = useChats();
  const isHydrated = useHydrated();
  const remove = async (conversationId: number) => {
    if (!window.confirm(t('chat.delete_confirm'))) return;
    removeChatLocally(conversationId);
    if (open?.id === conversationId) void navigate(url('chats'));
    try {
      await deleteConversation(conversationId);
    } catch (err) {
      window.alert(err instanceof Error && err.message ? err.message : t('errors.error_occurred'));
      void loadChats();
    }
  };
  return (
    <section className="container-fluid py-3">
      <PageTitle title={open?.profile ? memberName(open.profile, t) : t('chat.title')} />
      <div className="row g-3">
        <aside className={`col-lg-4 ${open ? 'd-none d-lg-block' : ''}`} style={{ maxWidth: 400, minWidth: 300 }}>
          <h1 className="h4">{t('chat.title')}</h1>
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
                <li
                  key={c.conversation.id}
                  className={`list-group-item d-flex align-items-center gap-2 ${open?.id === c.conversation.id ? 'active' : ''}`}
                >
                  <Link
                    to={url('chats-id', { id: c.conversation.id })}
                    className={`d-flex align-items-center gap-2 flex-grow-1 text-decoration-none ${open?.id === c.conversation.id ? 'text-white' : 'text-body'}`}
                    aria-current={open?.id === c.conversation.id ? 'page' : undefined}
                  >
                    {c.profile.main_image ? (
                      <img
                        src={c.profile.main_image.thumb_filename}
                        alt=""
                        width={48}
                        height={48}
                        className="rounded-circle"
                      />
                    ) : (
                      <span className="text-secondary">
                        <PersonIcon size={48} />
                      </span>
                    )}
                    <span className="flex-grow-1 text-truncate">
                      {c.profile?.is_fictional ? <FictionalIcon className="me-1" /> : null}
                      {memberName(c.profile, t)}
                    </span>
                    {c.num_unread_messages > 0 ? (
                      <span className="badge rounded-pill text-bg-secondary">
                        {c.num_unread_messages}
                        <span className="visually-hidden">
                          {' '}
                          {t('nav.unread_badge', { count: c.num_unread_messages })}
                        </span>
                      </span>
                    ) : null}
                  </Link>
                  <button
                    type="button"
                    className={`btn btn-sm btn-link ${open?.id === c.conversation.id ? 'text-white' : 'text-body-secondary'}`}
                    onClick={() => void remove(c.conversation.id)}
                    disabled={!isHydrated}
                    aria-label={t('chat.delete_with', { name: memberName(c.profile, t) })}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
        {open ? (
          <div className="col d-flex flex-column" style={{ minHeight: '70vh' }}>
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
