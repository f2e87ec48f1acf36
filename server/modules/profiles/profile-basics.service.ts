import type { z } from 'zod';
import { ZProfileUpdate } from '#common/profile-edit.ts';
import type { TCore } from '#server/core.ts';
import type { TDb } from '#server/db/connect.ts';
import { parseOrThrow } from '#server/lib/validation.ts';
import { type TLocateCity, updateOwnProfile } from './my-profile.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findProfileOfUser, updateProfile } from './profiles.repository.ts';

/** Location and about-me asked on complete-signup: the same rules as the full profile form. */
export const ZProfileBasics = ZProfileUpdate.pick({ country: true, region_code: true, city: true }).extend({
  about_me: ZProfileUpdate.shape.about_me.default(''),
});

export type TProfileBasics = z.input<typeof ZProfileBasics>;

/** Saves a member's country, region (validated against the regions dataset), city and about-me. */
export async function saveProfileBasics(
  db: TDb,
  { userId, input, locate }: { userId: number; input: TProfileBasics; locate?: TLocateCity },
): Promise<void> {
  const v = parseOrThrow(ZProfileBasics, input);
  await updateOwnProfile(db, { userId, location: v, values: { aboutMe: v.about_me }, locate });
}

/** The basics a member has filled in so far. */
export async function loadProfileBasics(db: TDb, userId: number) {
  const p = await findProfileOfUser(db, userId);
  return p
    ? { country: p.country, regionCode: p.regionCode, city: p.city, aboutMe: p.aboutMe, interests: p.interests }
    : undefined;
}

/** The basics asked on complete-signup: load what the member filled in, save it (the city located by `locate`). */
export function createProfileBasicsService(core: Pick<TCore, 'db'>, deps: { locate: TLocateCity }) {
  const { db } = core;
  return {
    load: (userId: number) => loadProfileBasics(db, userId),
    save: (userId: number, input: TProfileBasics) => saveProfileBasics(db, { userId, input, locate: deps.locate }),
    /** Saves the interests chosen on the welcome steps (the profile form's rules). */
    async saveInterests(userId: number, interests: string[]): Promise<void> {
      const list = parseOrThrow(ZProfileUpdate.shape.interests, interests);
      const p = await findProfileOfUser(db, userId);
      if (!p) throw new AppError('authentication_required');
      await updateProfile(db, p.id, { interests: list });
    },
  };
}

export type TProfileBasicsService = ReturnType<typeof createProfileBasicsService>;
