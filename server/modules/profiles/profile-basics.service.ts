import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ABOUT_ME_MAX } from '../../../common/profile-edit.ts';
import type { TDb } from '../../db/connect.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertRegion } from './my-profile.service.ts';

/** Location and about-me asked on complete-signup (the profiles issue adds every other attribute). */
export const ZProfileBasics = z.object({
  country: z.string().length(2),
  region_code: z.string().min(1).max(10),
  city: z.string().trim().min(1).max(80),
  about_me: z.string().trim().max(ABOUT_ME_MAX).default(''),
});

export type TProfileBasics = z.input<typeof ZProfileBasics>;

/** Saves a member's country, region (validated against the regions dataset), city and about-me. */
export async function saveProfileBasics(db: TDb, userId: number, input: TProfileBasics): Promise<void> {
  const parsed = ZProfileBasics.safeParse(input);
  if (!parsed.success)
    throw new AppError('invalid_request', {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: 'validation.required' })),
    });
  const v = parsed.data;
  const country = v.country.toUpperCase();
  assertRegion(country, v.region_code);
  const [user] = await db.select({ profileId: users.profileId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('authentication_required');
  await db
    .update(profiles)
    .set({ country, regionCode: v.region_code, city: v.city, aboutMe: v.about_me })
    .where(eq(profiles.id, user.profileId));
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
