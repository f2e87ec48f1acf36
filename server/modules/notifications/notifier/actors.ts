import { yearsSince } from '#common/accounts.ts';
import { WEEKLY_UPDATE_EVERY_MS } from '#common/notifications.ts';
import type { TDb } from '#server/db/connect.ts';
import { photoUrls } from '#server/modules/photos/photo-store.ts';
import { gendersSought } from '#server/modules/profiles/profiles.service.ts';
import type { TSite } from '#server/modules/sites/sites.service.ts';
import type { TActor } from './content.ts';
import { findActorRow, findNewMembersFor, findSeeker } from './notify.repository.ts';

/** Members a weekly digest shows at most. */
const WEEKLY_MEMBERS = 6;

/** Where an actor's photo link points: the site (its CDN prefix) and the origin of absolute links. */
export type TActorSite = { site: TSite; origin: string };

/** The members notifications are about: who wrote or liked, and the new members of a weekly digest. */
export function createActors({ db, now }: { db: TDb; now: () => Date }) {
  /** The member a notification is about, or undefined when the profile is no longer active. */
  async function actorOf(profileId: number, { site, origin }: TActorSite): Promise<TActor | undefined> {
    const row = await findActorRow(db, profileId);
    if (!row || row.status !== 'active') return undefined;
    const thumb = row.fileKey ? photoUrls({ fileKey: row.fileKey, censoredKey: null }, site.cdnPrefix, false) : null;
    const photoUrl = thumb ? new URL(thumb.thumb_filename, `${origin}/`).toString() : null;
    return {
      profileId: row.id,
      name: row.name,
      age: row.birthDate ? yearsSince(String(row.birthDate), now()) : null,
      city: row.city || null,
      photoUrl,
      fictional: row.isFictional,
    };
  }

  /** Up to WEEKLY_MEMBERS members who joined this week and fit whom the member looks for. */
  async function newMembersFor(profileId: number, at: TActorSite): Promise<TActor[]> {
    const me = await findSeeker(db, profileId);
    if (!me) return [];
    const ids = await findNewMembersFor(db, {
      profileId,
      genders: gendersSought(me.gender, me.sexuality, me.seeking),
      country: me.country,
      since: new Date(now().getTime() - WEEKLY_UPDATE_EVERY_MS),
      limit: WEEKLY_MEMBERS,
    });
    const actors = await Promise.all(ids.map((id) => actorOf(id, at)));
    return actors.filter((a): a is TActor => Boolean(a));
  }

  return { actorOf, newMembersFor };
}

export type TActors = ReturnType<typeof createActors>;
