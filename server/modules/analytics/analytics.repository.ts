import type { TDb } from '#server/db/connect.ts';
import { pageEvents } from '#server/db/schema/index.ts';

/** Stores one page event (e.g. a page becoming hidden) of a site. */
export async function insertPageEvent(db: TDb, values: { siteId: number; kind: string; path: string }): Promise<void> {
  await db.insert(pageEvents).values(values);
}
