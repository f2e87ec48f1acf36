import type { TModerationReason } from '#common/moderation.ts';
import type { TCore } from '#server/core.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import { deletePhoto } from '../photos/photos.repository.ts';
import { photoUrls, type TPhotoStore } from '../photos/photo-store.ts';
import type { TAudit } from './audit.ts';
import type { TModerationMail } from './moderation-mail.ts';
import {
  approvePhoto,
  findPhotoForReview,
  listPhotosToReview,
  type TPhotoReviewFilter,
} from './photo-review.repository.ts';

export interface TPhotoReviewDeps {
  mail: TModerationMail;
  audit: TAudit;
  store: Pick<TPhotoStore, 'remove'>;
  jobs: Pick<TJobRunner, 'runNow'>;
}

/**
 * Photo review (issue 30): under pre-moderation (the site's `photo_moderation = 'pre'`) new photos wait, seen by their
 * owner only ("in review"); under post-moderation they are live at once and queued here all the same. Staff approve
 * (a waiting photo goes live; its owner is told) or reject with a reason (the photo and its files are removed and the
 * owner gets a statement of reasons in their language). Both are audited.
 */
export function createPhotoReviewService(core: Pick<TCore, 'db' | 'now' | 'log'>, deps: TPhotoReviewDeps) {
  const { db, now, log } = core;
  const { mail, audit, store, jobs } = deps;

  async function reviewable(photoId: string) {
    const photo = await findPhotoForReview(db, photoId);
    if (!photo) throw new AppError('photo_not_found');
    return photo;
  }

  return {
    /** The review grid: photos nobody reviewed yet, oldest first, with urls of the full image. */
    async list(filter: TPhotoReviewFilter) {
      const { rows, total } = await listPhotosToReview(db, filter);
      return {
        total,
        rows: rows.map(({ fileKey, censoredKey, ...r }) => ({
          ...r,
          ...photoUrls({ fileKey, censoredKey }, '', false),
        })),
      };
    },

    /** The site of a member's photo (for the staff member's site check); undefined when there is no such photo. */
    async siteOf(photoId: string): Promise<number | undefined> {
      return (await findPhotoForReview(db, photoId))?.siteId;
    },

    /** Approves a photo: live and reviewed; a member whose photo waited is told it is visible now. */
    async approve(photoId: string, staffId: number): Promise<void> {
      const photo = await reviewable(photoId);
      const at = now();
      const mailJobs = await db.transaction(async (tx) => {
        await approvePhoto(tx, photo, at);
        await audit(tx, {
          staffId,
          action: 'photo.approve',
          siteId: photo.siteId,
          userId: photo.userId,
          subject: `photo:${photo.id}`,
          before: { status: photo.status, reviewedAt: photo.reviewedAt },
          after: { status: 'live', reviewedAt: at },
        });
        if (photo.status !== 'pending') return [];
        const to = {
          userId: photo.userId,
          email: photo.email,
          locale: photo.locale,
          name: photo.name,
          siteId: photo.siteId,
        };
        return mail.photoApproved(tx, { to, addedAt: photo.createdAt }, at);
      });
      if (mailJobs.length) await jobs.runNow(mailJobs);
    },

    /** Rejects a photo with a reason: removed with its files; the member gets the statement of reasons. */
    async reject(photoId: string, staffId: number, why: { reason: TModerationReason; note: string }): Promise<void> {
      const photo = await reviewable(photoId);
      const at = now();
      const { keys, mailJobs } = await db.transaction(async (tx) => {
        const removed = await deletePhoto(tx, photo.profileId, photo.id);
        if (!removed) throw new AppError('photo_not_found');
        await audit(tx, {
          staffId,
          action: 'photo.reject',
          siteId: photo.siteId,
          userId: photo.userId,
          subject: `photo:${photo.id}`,
          before: { status: photo.status },
          after: { removed: true, reason: why.reason, note: why.note },
        });
        const to = {
          userId: photo.userId,
          email: photo.email,
          locale: photo.locale,
          name: photo.name,
          siteId: photo.siteId,
        };
        const statement = {
          to,
          action: 'photo_reject' as const,
          content: 'photo' as const,
          ...why,
          basis: 'review' as const,
        };
        return {
          keys: removed,
          mailJobs: await mail.statement(tx, { ...statement, contentDate: photo.createdAt }, at),
        };
      });
      await store.remove(keys).catch((err: unknown) => log.warn({ err }, 'rejected photo files stay'));
      if (mailJobs.length) await jobs.runNow(mailJobs);
    },
  };
}

export type TPhotoReviewService = ReturnType<typeof createPhotoReviewService>;
