import { api } from '../../lib/api.ts';

/** Blocks a member (spec §6). */
export function blockMember(profileId: number): Promise<null> {
  return api.post<null>('/api/block.php', { profile_id: profileId });
}

/** Unblocks a member. */
export function unblockMember(profileId: number): Promise<null> {
  return api.delete<null>('/api/block.php', { body: { profile_id: profileId } });
}
