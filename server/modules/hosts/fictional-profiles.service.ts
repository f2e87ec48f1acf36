import { yearsSince } from '#common/accounts.ts';
import { withOrientationNiches } from '#common/consents.ts';
import type { TStaffActor } from '#common/staff.ts';
import {
  FICTIONAL_PAGE_SIZE,
  type TFictionalProfile,
  type TFictionalProfileFields,
  ZFictionalProfileFields,
} from '#common/wire/admin/fictional-profiles.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import { parseOrThrow } from '#server/lib/validation.ts';
import { listPhotos } from '../photos/photos.repository.ts';
import type { TPhotosService } from '../photos/photos.service.ts';
import { assertRegion, cityCentre, type TLocateCity } from '../profiles/my-profile.service.ts';
import type { TSitesService } from '../sites/sites.service.ts';
import { recordAudit } from '../staff/audit.repository.ts';
import {
  findFictional,
  findFictionalPage,
  findProfileOwner,
  insertFictional,
  type TFictionalRow,
  updateFictional,
} from './fictional-profiles.repository.ts';
import { CONSOLE_CDN, photoOf } from './hosts.presenter.ts';
import { assertStaffSite, listedSites } from './staff-sites.ts';

/** The editable attributes of a row, as the editor and the audit log show them. */
function fieldsOf(r: TFictionalRow) {
  return {
    name: r.name,
    birth_date: String(r.birthDate),
    gender: r.gender as TFictionalProfile['gender'],
    sexuality: r.sexuality as TFictionalProfile['sexuality'],
    locale: r.locale,
    niches: r.niches,
    hair_color: r.hairColor,
    eye_color: r.eyeColor,
    body_type: r.bodyType,
    relationship_status: r.relationshipStatus,
    tattoos: r.tattoos,
    height_cm: r.heightCm,
    about_me: r.aboutMe,
    interests: r.interests,
    country: r.country,
    region_code: r.regionCode,
    city: r.city,
  };
}

/**
 * Fictional profiles per site for hosts and admins (issue 30): list, create, edit, hide, and photos processed by the
 * members' photo service (same checks, variants and metadata stripping). Every change is in the audit log.
 */
export function createFictionalProfilesService(
  core: Pick<TCore, 'db' | 'now'>,
  deps: {
    photos: Pick<TPhotosService, 'upload' | 'remove' | 'arrange'>;
    sites: Pick<TSitesService, 'byId'>;
    locate: TLocateCity;
  },
) {
  const { db, now } = core;
  const { photos, sites, locate } = deps;
  /** The photo service acts on the profile like on a premium member's (the larger photo limit). */
  const owner = (profileId: number) => ({ profileId, isPremium: true, cdnPrefix: CONSOLE_CDN });

  /** The fictional profile, when the staff member may act on its site; forbidden first, then not found. */
  async function editable(actor: TStaffActor, profileId: number): Promise<TFictionalRow> {
    const who = await findProfileOwner(db, profileId);
    if (!who) throw new AppError('profile_not_found');
    assertStaffSite(actor, who.siteId === null ? null : Number(who.siteId));
    const row = who.isFictional ? await findFictional(db, profileId) : undefined;
    if (!row) throw new AppError('profile_not_found');
    return row;
  }

  /** The editor's view of a profile. */
  async function present(profileId: number): Promise<TFictionalProfile> {
    const row = await findFictional(db, profileId);
    if (!row) throw new AppError('profile_not_found');
    const list = await listPhotos(db, profileId);
    return {
      id: row.id,
      siteId: row.siteId,
      hidden: row.invisible,
      ...fieldsOf(row),
      photos: list.map((p) => ({ id: p.id, isMain: p.isMain, ...photoOf(p.fileKey)! })),
    };
  }

  /** Validated columns of the profile: region of the country, an adult's birth date, city centre, niches. */
  async function columnsOf(input: TFictionalProfileFields, site: { niche: number; minAge: number }) {
    const v = parseOrThrow(ZFictionalProfileFields, input);
    const country = v.country.toUpperCase();
    assertRegion(country, v.region_code);
    if (yearsSince(v.birth_date, now()) < site.minAge || yearsSince(v.birth_date, now()) > 99) {
      throw new AppError('date_of_birth_invalid');
    }
    const niches = withOrientationNiches(v.niches.length ? v.niches : [site.niche], v.gender, v.sexuality);
    return {
      name: v.name,
      birthDate: v.birth_date,
      gender: v.gender,
      sexuality: v.sexuality,
      locale: v.locale,
      niches,
      hairColor: v.hair_color,
      eyeColor: v.eye_color,
      bodyType: v.body_type,
      relationshipStatus: v.relationship_status,
      tattoos: v.tattoos,
      heightCm: v.height_cm,
      aboutMe: v.about_me,
      interests: v.interests,
      country,
      regionCode: v.region_code,
      city: v.city,
      ...(await cityCentre(locate, country, v)),
    };
  }

  /** The site a profile is judged by (its own; the default limits for shared ones). */
  const siteRules = async (siteId: number | null) => {
    const site = siteId === null ? undefined : await sites.byId(siteId);
    return { niche: site?.niche ?? 1, minAge: site?.minAge ?? 18 };
  };

  return {
    /** A page of fictional profiles on the sites the staff member may see (or one of them), by name. */
    async list(actor: TStaffActor, query: { siteId?: number; q?: string; page: number }) {
      const siteIds = listedSites(actor, query.siteId);
      const today = now();
      const { rows, total } = await findFictionalPage(db, {
        siteIds,
        q: query.q,
        limit: FICTIONAL_PAGE_SIZE,
        offset: (query.page - 1) * FICTIONAL_PAGE_SIZE,
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          siteId: r.siteId,
          name: r.name,
          age: yearsSince(String(r.birthDate), today),
          gender: r.gender as TFictionalProfile['gender'],
          city: r.city,
          country: r.country,
          hidden: r.invisible,
          photo: photoOf(r.fileKey),
          waiting: r.waiting,
        })),
        total,
        page: query.page,
        pageSize: FICTIONAL_PAGE_SIZE,
      };
    },

    /** One fictional profile for the editor. */
    async get(actor: TStaffActor, profileId: number) {
      await editable(actor, profileId);
      return present(profileId);
    },

    /** Creates a fictional profile on a site (listed in the site's niche unless niches are given). */
    async create(actor: TStaffActor, input: TFictionalProfileFields & { siteId: number }) {
      assertStaffSite(actor, input.siteId);
      const site = await sites.byId(input.siteId);
      if (!site) throw new AppError('not_found');
      const columns = await columnsOf(input, site);
      const id = await db.transaction(async (tx) => {
        const profileId = await insertFictional(tx, { ...columns, siteId: site.id });
        await recordAudit(tx, {
          staffId: actor.id,
          action: 'host.profile_create',
          siteId: site.id,
          subject: `profile:${profileId}`,
          after: { ...input, siteId: site.id },
        });
        return profileId;
      });
      return present(id);
    },

    /** Edits a fictional profile's attributes and texts. */
    async update(actor: TStaffActor, input: TFictionalProfileFields & { profileId: number }) {
      const row = await editable(actor, input.profileId);
      const columns = await columnsOf(input, await siteRules(row.siteId));
      await db.transaction(async (tx) => {
        await updateFictional(tx, row.id, columns);
        await recordAudit(tx, {
          staffId: actor.id,
          action: 'host.profile_update',
          siteId: row.siteId,
          subject: `profile:${row.id}`,
          before: fieldsOf(row),
          after: fieldsOf({ ...row, ...columns }),
        });
      });
      return present(row.id);
    },

    /** Hides a fictional profile from every list, profile page and new message (or shows it again). */
    async hide(actor: TStaffActor, change: { profileId: number; hidden: boolean }) {
      const row = await editable(actor, change.profileId);
      await db.transaction(async (tx) => {
        await updateFictional(tx, row.id, { invisible: change.hidden });
        await recordAudit(tx, {
          staffId: actor.id,
          action: change.hidden ? 'host.profile_hide' : 'host.profile_show',
          siteId: row.siteId,
          subject: `profile:${row.id}`,
          before: { hidden: row.invisible },
          after: { hidden: change.hidden },
        });
      });
      return present(row.id);
    },

    /**
     * Adds a photo through the members' photo service. Its transaction is the photo service's own, so the audit entry
     * follows the stored photo (a failed upload records nothing).
     */
    async uploadPhoto(actor: TStaffActor, profileId: number, file: Buffer) {
      const row = await editable(actor, profileId);
      const { photos: list } = await photos.upload(owner(profileId), file);
      const added = list.at(-1);
      await recordAudit(db, {
        staffId: actor.id,
        action: 'host.photo_add',
        siteId: row.siteId,
        subject: `profile:${profileId}`,
        after: { photoId: added?.id ?? null },
      });
      return present(profileId);
    },

    /** Makes one of the profile's photos the main one, or deletes it (files too). */
    async changePhoto(actor: TStaffActor, change: { profileId: number; photoId: string; action: 'main' | 'remove' }) {
      const row = await editable(actor, change.profileId);
      if (change.action === 'main') await photos.arrange(owner(row.id), { mainPhotoId: change.photoId });
      else await photos.remove(owner(row.id), change.photoId);
      await recordAudit(db, {
        staffId: actor.id,
        action: change.action === 'main' ? 'host.photo_main' : 'host.photo_remove',
        siteId: row.siteId,
        subject: `profile:${row.id}`,
        after: { photoId: change.photoId },
      });
      return present(row.id);
    },
  };
}

export type TFictionalProfilesService = ReturnType<typeof createFictionalProfilesService>;
