import { desc, eq } from 'drizzle-orm';
import type { TDb } from '../db/connect.ts';
import { mailbox } from '../db/schema/index.ts';

export type TMailboxRow = typeof mailbox.$inferSelect;
export type TNewMailboxRow = typeof mailbox.$inferInsert;

/** How many messages the dev mailbox lists at most (newest first). */
const LIST_LIMIT = 100;

/** The newest messages in the dev mailbox, newest first. */
export async function listLatestMail(db: TDb): Promise<TMailboxRow[]> {
  return db.select().from(mailbox).orderBy(desc(mailbox.id)).limit(LIST_LIMIT);
}

/** The newest messages to one recipient (an email address or phone number as stored), newest first. */
export async function listMailTo(db: TDb, to: string): Promise<TMailboxRow[]> {
  return db.select().from(mailbox).where(eq(mailbox.to, to)).orderBy(desc(mailbox.id)).limit(LIST_LIMIT);
}

/** Finds one message by id. */
export async function findMail(db: TDb, id: number): Promise<TMailboxRow | undefined> {
  const [row] = await db.select().from(mailbox).where(eq(mailbox.id, id)).limit(1);
  return row;
}

/** Stores a message in the dev mailbox (email without SMTP_URL, SMS without a gateway). */
export async function insertMail(db: TDb, mail: TNewMailboxRow): Promise<void> {
  await db.insert(mailbox).values(mail);
}
