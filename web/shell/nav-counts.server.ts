import type { TRequestContext } from '#server/web/request-context.ts';
import type { TNavCounts } from '../lib/root-data.ts';

/**
 * A member's unread messages and new likes, counted as `GET /api/chats.php` and `GET /api/likes.php` count them, so
 * the server-rendered badges and "(N)" title equal what the client shows once it loaded its own lists.
 */
export async function navCounts(ctx: TRequestContext): Promise<TNavCounts | null> {
  const { user, services, site } = ctx;
  if (!user) return null;
  const [chats, likes] = await Promise.all([
    services.chat.list(user.profile.id, site.cdnPrefix),
    services.likes.list(user.profile.id, site.cdnPrefix),
  ]);
  return {
    unread: chats.reduce((sum, c) => sum + c.num_unread_messages, 0),
    newLikes: likes.liked_by.filter((l) => l.like_new).length,
  };
}
