import { aliasedTable, and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/connect.ts';
import {
  blocks,
  complaints,
  consents,
  conversations,
  creditLedger,
  dataExports,
  directDebitRequests,
  likes,
  messages,
  notificationSends,
  paymentMandates,
  payments,
  photos,
  profiles,
  pushSubscriptions,
  reports,
  sessions,
  sites,
  users,
} from '../../db/schema/index.ts';
import { listedFor } from '../../db/visibility.ts';

export type TDataExportRow = typeof dataExports.$inferSelect;

/** Locks the member's account row, so two requests of the same member take turns (one pending export at a time). */
export async function lockAccount(tx: TTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The member's newest export, if any. */
export async function findLatestExport(db: TDb | TTx, userId: number): Promise<TDataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(sql`${dataExports.requestedAt} desc, ${dataExports.id} desc`)
    .limit(1);
  return row;
}

/** How many exports the member requested since a time, and whether one of theirs is still being built. */
export async function countExports(tx: TDb | TTx, userId: number, since: Date) {
  const [row] = await tx
    .select({
      recent: sql<number>`count(*) filter (where ${dataExports.requestedAt} >= ${since.toISOString()}::timestamptz)`,
      pending: sql<number>`count(*) filter (where ${dataExports.status} = 'pending')`,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  return { recent: Number(row?.recent ?? 0), pending: Number(row?.pending ?? 0) };
}

/** Stores a new pending export request; returns its id. */
export async function insertExport(tx: TTx, userId: number, requestedAt: Date): Promise<number> {
  const [row] = await tx.insert(dataExports).values({ userId, requestedAt }).returning({ id: dataExports.id });
  return row.id;
}

/** One export by id (any owner: callers check the owner). */
export async function findExport(db: TDb | TTx, id: number): Promise<TDataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row;
}

/** Marks a pending export ready with its file; false when it is no longer pending (purged, or built twice). */
export async function markExportReady(
  tx: TTx,
  id: number,
  r: { fileKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(dataExports)
    .set({ status: 'ready', ...r })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Marks a pending export failed (its build kept failing). */
export async function markExportFailed(db: TDb, id: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
}

/** Ready exports whose download period ended by `now`. */
export async function findDueExports(db: TDb, now: Date): Promise<TDataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)));
}

/** Marks an export expired; its file is gone. */
export async function markExportExpired(db: TDb, id: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'expired', fileKey: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'ready')));
}

/** Deletes every export row of a member; returns the file keys they had (the caller removes the files). */
export async function deleteExportRows(db: TDb | TTx, userId: number): Promise<string[]> {
  const rows = await db
    .delete(dataExports)
    .where(eq(dataExports.userId, userId))
    .returning({ fileKey: dataExports.fileKey });
  return rows.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
}

/** The account row with its site's name, for account.json (every column is listed: no hash can slip in). */
export async function findAccountData(db: TDb, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      profileId: users.profileId,
      site: sites.name,
      email: users.email,
      emailConfirmed: users.emailConfirmed,
      status: users.status,
      locale: users.locale,
      signupDate: users.signupDate,
      lastLoginAt: users.lastLoginAt,
      credits: users.credits,
      paidUser: users.paidUser,
      invisible: users.invisible,
      directDebitBlocked: users.directDebitBlocked,
      notificationsDisabled: users.notificationsDisabled,
      emailDisabledReason: users.emailDisabledReason,
      tracking: users.tracking,
      signupMessage: users.signupMessage,
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The member's profile row. */
export async function findProfileData(db: TDb, profileId: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return row;
}

/** The member's profile photos in their order. */
export async function findProfilePhotos(db: TDb, profileId: number) {
  return db
    .select({ fileKey: photos.fileKey, isMain: photos.isMain, position: photos.position, createdAt: photos.createdAt })
    .from(photos)
    .where(eq(photos.profileId, profileId))
    .orderBy(asc(photos.position), asc(photos.createdAt));
}

/** Every consent record of the member, oldest first. */
export async function findConsents(db: TDb, userId: number) {
  return db
    .select({
      kind: consents.kind,
      version: consents.version,
      locale: consents.locale,
      givenAt: consents.givenAt,
      ipPrefix: consents.ipPrefix,
      withdrawnAt: consents.withdrawnAt,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.givenAt), asc(consents.id));
}

/** Likes the member gave, with the liked member's name. */
export async function findLikesGiven(db: TDb, profileId: number) {
  return db
    .select({ profileId: profiles.id, name: profiles.name, source: likes.source, at: likes.createdAt })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likedProfileId))
    .where(eq(likes.likerProfileId, profileId))
    .orderBy(asc(likes.createdAt));
}

/** Likes the member received as their likes list shows them: from visible members, no block either way. */
export async function findLikesReceived(db: TDb, profileId: number) {
  return db
    .select({ profileId: profiles.id, name: profiles.name, at: likes.createdAt })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likerProfileId))
    .where(and(eq(likes.likedProfileId, profileId), listedFor(profileId)))
    .orderBy(asc(likes.createdAt));
}

/** Members the member blocked. */
export async function findBlocksMade(db: TDb, profileId: number) {
  return db
    .select({ profileId: profiles.id, name: profiles.name, at: blocks.createdAt })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedProfileId))
    .where(eq(blocks.blockerProfileId, profileId))
    .orderBy(asc(blocks.createdAt));
}

/** The member's conversations with the other member's id and name. */
export async function findConversationsOf(db: TDb, profileId: number) {
  const other = aliasedTable(profiles, 'other');
  return db
    .select({ id: conversations.id, otherId: other.id, otherName: other.name, createdAt: conversations.createdAt })
    .from(conversations)
    .innerJoin(
      other,
      eq(
        other.id,
        sql`case when ${conversations.profileA} = ${profileId} then ${conversations.profileB} else ${conversations.profileA} end`,
      ),
    )
    .where(or(eq(conversations.profileA, profileId), eq(conversations.profileB, profileId)))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
}

/** Every message of the given conversations, both ways, oldest first. */
export async function findMessagesIn(db: TDb, conversationIds: number[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderProfileId: messages.senderProfileId,
      kind: messages.kind,
      body: messages.body,
      attachmentKey: messages.attachmentKey,
      cost: messages.cost,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(asc(messages.id));
}

/** The member's payments, oldest first. */
export async function findPaymentsOf(db: TDb, userId: number) {
  return db
    .select({
      id: payments.id,
      status: payments.status,
      credits: payments.credits,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      method: payments.method,
      provider: payments.provider,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt));
}

/** The member's credit ledger, oldest first. */
export async function findLedgerOf(db: TDb, userId: number) {
  return db
    .select({
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      ref: creditLedger.ref,
      at: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.id));
}

/** Every session of the member still stored, expired ones too (never their id, which is the token's hash). */
export async function findSessionsOf(db: TDb, userId: number) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ipPrefix: sessions.ipPrefix,
      country: sessions.country,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

/** The member's push devices, oldest first: the endpoint to take its host from, never the encryption keys. */
export async function findPushDevicesOf(db: TDb, userId: number) {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** The notifications sent to the member still stored (the retention job keeps them 60 days), oldest first. */
export async function findNotificationSendsOf(db: TDb, userId: number) {
  return db
    .select({
      kind: notificationSends.kind,
      channel: notificationSends.channel,
      status: notificationSends.status,
      createdAt: notificationSends.createdAt,
      sentAt: notificationSends.sentAt,
    })
    .from(notificationSends)
    .where(eq(notificationSends.userId, userId))
    .orderBy(asc(notificationSends.createdAt), asc(notificationSends.id));
}

/** The reports the member made, with the reported member's public id and name, oldest first. */
export async function findReportsMade(db: TDb, profileId: number) {
  return db
    .select({
      profileId: profiles.id,
      name: profiles.name,
      aboutPhoto: sql<boolean>`${reports.photoId} is not null`,
      reason: reports.reason,
      message: reports.message,
      status: reports.status,
      at: reports.createdAt,
    })
    .from(reports)
    .innerJoin(profiles, eq(profiles.id, reports.profileId))
    .where(eq(reports.reporterProfileId, profileId))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

/** The complaints the member sent while logged in, oldest first. */
export async function findComplaintsOf(db: TDb, userId: number) {
  return db
    .select({
      name: complaints.name,
      email: complaints.email,
      topic: complaints.topic,
      message: complaints.message,
      locale: complaints.locale,
      status: complaints.status,
      at: complaints.createdAt,
    })
    .from(complaints)
    .where(eq(complaints.userId, userId))
    .orderBy(asc(complaints.createdAt), asc(complaints.id));
}

/** The member's stored direct debit forms (never the code's hash), oldest first. */
export async function findDirectDebitRequestsOf(db: TDb, userId: number) {
  return db
    .select({
      details: directDebitRequests.details,
      packageId: directDebitRequests.packageId,
      paymentId: directDebitRequests.paymentId,
      createdAt: directDebitRequests.createdAt,
      expiresAt: directDebitRequests.expiresAt,
    })
    .from(directDebitRequests)
    .where(eq(directDebitRequests.userId, userId))
    .orderBy(asc(directDebitRequests.createdAt));
}

/** The member's direct debit mandates with their bank details (null once the retention job dropped them). */
export async function findDirectDebitMandatesOf(db: TDb, userId: number) {
  return db
    .select({
      label: paymentMandates.label,
      details: paymentMandates.details,
      createdAt: paymentMandates.createdAt,
      revokedAt: paymentMandates.revokedAt,
    })
    .from(paymentMandates)
    .where(and(eq(paymentMandates.userId, userId), eq(paymentMandates.method, 'directdebit')))
    .orderBy(asc(paymentMandates.createdAt), asc(paymentMandates.id));
}
