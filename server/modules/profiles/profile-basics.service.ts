import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ZProfileUpdate } from '../../../common/profile-edit.ts';
import type { TDb } from '../../db/connect.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { type TLocateCity, updateOwnProfile } from './my-profile.service.ts';

/** Location and about-me asked on complete-signup: the same rules as the full profile form. */
export const ZProfileBasics = ZProfileUpdate.pick({ country: true, region_code: true, city: true }).extend({
  about_me: ZProfileUpdate.shape.about_me.default(''),
});

export type TProfileBasics = z.input<typeof ZProfileBasics>;

/** Saves a member's country, region (validated against the regions dataset), city and about-me. */
export async function saveProfileBasics(
  db: TDb,
  userId: number,
  input: TProfileBasics,
  locate?: TLocateCity,
): Promise<void> {
  const v = parseOrThrow(ZProfileBasics, input);
  await updateOwnProfile(db, userId, v, { aboutMe: v.about_me }, locate);
}

/** The basics a member has filled in so far. */
export async function loadProfileBasics(db: TDb, userId: number) {
  const [row] = await db
    .select({
      country: profiles.country,
      regionCode: profiles.regionCode,
      city: profiles.city,
      aboutMe: profiles.aboutMe,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
