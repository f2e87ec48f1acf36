import { useTranslation } from 'react-i18next';
import { data, Link, redirect, useNavigate } from 'react-router';
import { FictionalIcon, FictionalNote } from '#web/components/fictional.tsx';
import { PageTitle } from '#web/components/page-title.tsx';
import { BlockedByNote } from '#web/features/chat/blocked-by-note.tsx';
import { useVisualViewportHeight } from '#web/features/chat/chat-screen.ts';
import { chatPrices, Conversation } from '#web/features/chat/conversation.tsx';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/member-chat.page';

/** Starts or continues the conversation with a member; visitors from ads are sent to sign up first. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const id = Number(params.id);
  const target = await ctx.services.chat.openConversationWith(ctx.user?.profile.id, id, ctx.site.cdnPrefix);
  if (target.kind === 'not_found') throw data('', { status: 404 });
  // A member the other one blocked is told so by name (spec §6).
  if (target.kind === 'blocked_by') return data({ blockedBy: target.name }, { status: 403 });
  if (target.kind === 'signup') throw redirect(url('members-id-signup', { id }));
  if (target.kind === 'own_profile') throw redirect(url('chats'));
  if (target.kind === 'existing') throw redirect(url('chats-id', { id: target.conversationId }));
  const { profile } = target;
  return { profile, messageLength: ctx.site.messageLength, prices: chatPrices(ctx.site) };
}

/** members-id-chat (spec §2, chat layout): the first message to a member. */
export default function MemberChatPage({ loaderData }: Route.ComponentProps) {
  useVisualViewportHeight();
  if ('blockedBy' in loaderData) return <BlockedByNote name={loaderData.blockedBy} />;
  return <FirstMessage data={loaderData} />;
}

function FirstMessage({
  data: loaderData,
}: {
  data: Exclude<Route.ComponentProps['loaderData'], { blockedBy: string }>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile } = loaderData;
  return (
    <section className="container d-flex flex-column flex-grow-1 pt-3 chat-screen" style={{ maxWidth: 800 }}>
      <PageTitle title={profile.name} />
      <header className="d-flex align-items-center gap-2 border-bottom pb-2">
        {profile.main_image ? (
          <img src={profile.main_image.thumb_filename} alt="" width={48} height={48} className="rounded-circle" />
        ) : null}
        <h1 className="h5 mb-0">
          <Link to={url('members-id', { id: profile.id })} className="text-decoration-none">
            {profile.is_fictional ? <FictionalIcon className="me-1" /> : null}
            {profile.name}
          </Link>
        </h1>
      </header>
      {profile.is_fictional ? <FictionalNote text="singular" className="alert alert-secondary small my-2" /> : null}
      <p className="text-body-secondary small mt-2">{t('chat.first_message', { name: profile.name })}</p>
      <Conversation
        conversationId={null}
        otherProfileId={profile.id}
        initial={[]}
        hasOlder={false}
        otherName={profile.name}
        readUpTo={0}
        messageLength={loaderData.messageLength}
        prices={loaderData.prices}
        onStarted={(cid) => void navigate(url('chats-id', { id: cid }), { replace: true })}
        icebreakers
      />
    </section>
  );
}
