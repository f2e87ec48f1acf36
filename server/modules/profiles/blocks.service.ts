import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import { deleteBlock, findBlockRelation, insertBlock, profileExists } from './blocks.repository.ts';

/** Blocking between members (spec §6). */
export function createBlocksService(core: Pick<TCore, 'db'>) {
  const { db } = core;
  return {
    /** Blocks a member; idempotent. Refuses oneself and unknown members. */
    async block(viewerProfileId: number, targetProfileId: number): Promise<void> {
      if (viewerProfileId === targetProfileId) throw new AppError('invalid_request');
      if (!(await profileExists(db, targetProfileId))) throw new AppError('not_found');
      await insertBlock(db, viewerProfileId, targetProfileId);
    },
    /** Removes the viewer's own block of a member (a block the other member made stays). */
    async unblock(viewerProfileId: number, targetProfileId: number): Promise<void> {
      await deleteBlock(db, viewerProfileId, targetProfileId);
    },
    /** Which way a block stands between two profiles. */
    relation: (viewerProfileId: number, otherProfileId: number) =>
      findBlockRelation(db, viewerProfileId, otherProfileId),
  };
}

export type TBlocksService = ReturnType<typeof createBlocksService>;
