import { eq } from 'drizzle-orm';
import type { TDb } from '#server/db/connect.ts';
import { appSecrets } from '#server/db/schema/index.ts';

/** The stored value of an app-wide secret (e.g. the VAPID key pair), or undefined when none is stored yet. */
export async function findAppSecret(db: TDb, key: string): Promise<unknown> {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, key)).limit(1);
  return row?.value;
}

/** Stores an app-wide secret unless one exists already (the first of several racing processes wins). */
export async function insertAppSecretIfAbsent(db: TDb, key: string, value: unknown): Promise<void> {
  await db.insert(appSecrets).values({ key, value }).onConflictDoNothing();
}
