import type { TRequestContext } from '#server/web/request-context.ts';
import type { TNavCounts } from '../lib/root-data.ts';

/**
 * A member's unread messages and new likes, counted by the rules `GET /api/chats.php` and `GET /api/likes.php` list by, so
 * the server-rendered badges and "(N)" title equal what the client shows once it loaded its own lists.
 */
export async function navCounts(ctx: TRequestContext): Promise<TNavCounts | null> {
  const { user, services } = ctx;
  if (!user) return null;
  // Two aggregate queries on every member page, not the two lists (with cards, previews and presence).
  const [unread, newLikes] = await Promise.all([
    services.chat.unreadCount(user.profile.id),
    services.likes.newCount(user.profile.id),
  ]);
  return { unread, newLikes };
}
