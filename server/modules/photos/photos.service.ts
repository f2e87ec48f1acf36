import { PHOTO_VARIANTS_VERSION } from '#common/photo-variants.ts';
import { FREE_VISIBLE_PHOTOS, photoLimit, type TPhoto, VISITOR_VISIBLE_PHOTOS } from '#common/photos.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import { processPhoto, withProcessingSlot } from './photo-processing.ts';
import { photoUrls, type TPhotoStore } from './photo-store.ts';
import {
  arrangePhotos,
  countPhotos,
  deletePhoto,
  insertPhotoWithinLimit,
  listPhotos,
  type TPhotoRow,
} from './photos.repository.ts';

/** Who looks at a member's photos decides how many are sharp (spec §6: free members see a limited number). */
export type TPhotoViewer = 'self' | 'premium' | 'free' | 'visitor';

/** How many of another member's photos a viewer sees sharp. */
export function visiblePhotoCount(viewer: TPhotoViewer): number {
  if (viewer === 'self' || viewer === 'premium') return Number.POSITIVE_INFINITY;
  return viewer === 'free' ? FREE_VISIBLE_PHOTOS : VISITOR_VISIBLE_PHOTOS;
}

/** Photos in display order as a viewer may see them: the first ones sharp, the rest censored. */
export function toPhotoWire(rows: TPhotoRow[], cdnPrefix: string, viewer: TPhotoViewer): TPhoto[] {
  const sharp = visiblePhotoCount(viewer);
  // Photos waiting for review (pre-moderation) are their owner's alone (issue 30).
  const shown = viewer === 'self' ? rows : rows.filter((row) => row.status === 'live');
  return shown.map((row, i) => ({
    id: row.id,
    ...photoUrls(row, cdnPrefix, i >= sharp),
    width: row.width,
    height: row.height,
    variants: row.variants,
    is_main: row.isMain,
    censored: i >= sharp,
    ...(viewer === 'self' ? { in_review: row.status === 'pending' } : {}),
  }));
}

/** The member as their own photos' rules need them; `photoModeration` is their site's (pre: uploads wait). */
type TPhotoMember = { profileId: number; isPremium: boolean; cdnPrefix: string; photoModeration?: string };

/** A member's own photos: upload within the tier's limit, delete, choose the main photo, reorder. */
export function createPhotosService(core: Pick<TCore, 'db'>, deps: { store: TPhotoStore }) {
  const { db } = core;
  const { store } = deps;
  const mine = async (profileId: number, cdnPrefix: string, isPremium: boolean) => ({
    photos: toPhotoWire(await listPhotos(db, profileId), cdnPrefix, 'self'),
    limit: photoLimit(isPremium),
  });
  return {
    /** The member's own photos and their upload limit. */
    mine,
    /** Processes and stores an upload; refuses it past the limit of the member's tier (free 3, premium 25). */
    async upload(member: TPhotoMember, file: Buffer) {
      const limit = photoLimit(member.isPremium);
      // Cheap early refusal before the image work; the locked insert below is the real guard.
      if ((await countPhotos(db, member.profileId)) >= limit) throw limitReached(limit, member.isPremium);
      const processed = await withProcessingSlot(() => processPhoto(file));
      const keys = await store.save(processed);
      const added = await insertPhotoWithinLimit(db, {
        profileId: member.profileId,
        photo: { ...keys, width: processed.width, height: processed.height, variants: PHOTO_VARIANTS_VERSION },
        limit,
        pending: member.photoModeration === 'pre',
      }).catch(async (error: unknown) => {
        await store.remove(keys);
        throw error;
      });
      if (!added) {
        await store.remove(keys);
        throw limitReached(limit, member.isPremium);
      }
      return mine(member.profileId, member.cdnPrefix, member.isPremium);
    },
    /** Deletes one of the member's own photos and its files. */
    async remove(member: TPhotoMember, photoId: string) {
      const keys = await deletePhoto(db, member.profileId, photoId);
      if (!keys) throw new AppError('photo_not_found');
      await store.remove(keys);
      return mine(member.profileId, member.cdnPrefix, member.isPremium);
    },
    /** Chooses the main photo and/or reorders; every id must be one of the member's own photos. */
    async arrange(member: TPhotoMember, change: { mainPhotoId?: string; order?: string[] }) {
      if (!(await arrangePhotos(db, member.profileId, change))) throw new AppError('photo_not_found');
      return mine(member.profileId, member.cdnPrefix, member.isPremium);
    },
  };
}

function limitReached(limit: number, isPremium: boolean) {
  return new AppError('photo_limit_reached', { limit, premium: isPremium });
}

export type TPhotosService = ReturnType<typeof createPhotosService>;
