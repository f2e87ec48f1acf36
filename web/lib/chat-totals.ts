import { setTitleCount } from './title-count.ts';

/** Chat totals of spec §3 client state: unread messages and new likes; their sum is the title count (spec §4). */
const totals = { unread: 0, newLikes: 0 };

/** Sets the number of unread messages. */
export function setUnreadTotal(n: number): void {
  totals.unread = n;
  setTitleCount(totals.unread + totals.newLikes);
}

/** Sets the number of new likes. */
export function setNewLikesTotal(n: number): void {
  totals.newLikes = n;
  setTitleCount(totals.unread + totals.newLikes);
}
