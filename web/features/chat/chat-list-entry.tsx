import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { TChatItem, TLastMessage } from '#common/wire/chat.ts';
import { FictionalIcon } from '#web/components/fictional.tsx';
import { LiveButton } from '#web/components/live-button.tsx';
import { Photo } from '#web/components/photo.tsx';
import { PersonIcon } from '#web/components/person-icon.tsx';
import { memberName } from '#web/features/erasure/deleted-member.ts';
import { url } from '#web/lib/url.ts';
import { chatListTime } from './relative-time.ts';

/** The list's line for the newest message: its text, or "Photo"/"Gift", after "You:" when I sent it. */
export function previewText(last: TLastMessage | null, t: TFunction): string {
  if (!last) return '';
  const what =
    last.kind === 'text'
      ? last.text
      : last.kind === 'photo'
        ? t('chat.preview_photo')
        : last.kind === 'gift'
          ? t('chat.preview_gift')
          : t('erasure.message_removed');
  return last.from_me ? t('chat.preview_mine', { text: what }) : what;
}

/**
 * One conversation of the list: avatar with the presence dot, name, presence, the newest message and when it came,
 * the unread count, and the ✕ that deletes it (after the page's confirmation).
 */
export function ChatListEntry({ item, active, onDelete }: { item: TChatItem; active: boolean; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const { profile, last_message: last, online } = item;
  const name = memberName(profile, t);
  const when = last ? chatListTime(last.created_at, i18n.language) : null;
  const muted = active ? 'text-white' : 'text-body-secondary';
  return (
    <li className={`list-group-item d-flex align-items-center gap-2 px-2 ${active ? 'active' : ''}`}>
      <Link
        to={url('chats-id', { id: item.conversation.id })}
        className={`d-flex align-items-center gap-2 flex-grow-1 text-decoration-none chat-preview ${active ? 'text-white' : 'text-body'}`}
        aria-current={active ? 'page' : undefined}
      >
        <span className="position-relative flex-shrink-0">
          {profile.main_image ? (
            <Photo
              image={profile.main_image}
              kind="thumb"
              sizes="48px"
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
          {online ? (
            <span
              className={`chat-online-dot position-absolute bottom-0 end-0 ${online === 'recently' ? 'recently' : ''}`}
              aria-hidden="true"
            />
          ) : null}
        </span>
        <span className="d-flex flex-column flex-grow-1 chat-preview">
          <span className="d-flex align-items-baseline gap-2">
            <span className={`text-truncate flex-grow-1 ${item.num_unread_messages > 0 ? 'fw-bold' : 'fw-semibold'}`}>
              {profile.is_fictional ? <FictionalIcon className="me-1" /> : null}
              {name}
            </span>
            {last ? (
              <time className={`small chat-time ${muted}`} dateTime={last.created_at} suppressHydrationWarning>
                {when ?? t('chat.just_now')}
              </time>
            ) : null}
          </span>
          {online ? (
            <span className={`small ${muted}`}>
              {online === 'now' ? t('chat.online_now') : t('chat.active_recently')}
            </span>
          ) : null}
          <span
            className={`small text-truncate ${item.num_unread_messages > 0 && !active ? 'text-body fw-semibold' : muted}`}
          >
            {previewText(last, t)}
          </span>
        </span>
        {item.num_unread_messages > 0 ? (
          <span className="badge rounded-pill text-bg-secondary">
            {item.num_unread_messages}
            <span className="visually-hidden"> {t('nav.unread_badge', { count: item.num_unread_messages })}</span>
          </span>
        ) : null}
      </Link>
      <LiveButton
        className={`btn btn-sm btn-link px-1 ${muted}`}
        onClick={onDelete}
        aria-label={t('chat.delete_with', { name })}
      >
        ✕
      </LiveButton>
    </li>
  );
}
