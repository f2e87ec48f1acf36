import { profilesApi } from '#common/wire/profiles.ts';
import { api } from '#web/lib/api.ts';

/** Blocks a member (spec §6). */
export function blockMember(profileId: number): Promise<null> {
  return api.call(profilesApi.block, { profile_id: profileId });
}

/** Unblocks a member. */
export function unblockMember(profileId: number): Promise<null> {
  return api.call(profilesApi.unblock, { profile_id: profileId });
}
