import { and, count, desc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TDb } from '#server/db/connect.ts';
import {
  consents,
  creditLedger,
  notificationSends,
  payments,
  photos,
  profiles,
  pushSubscriptions,
  reports,
  sessions,
  users,
} from '#server/db/schema/index.ts';

/** The account and its profile, without the password hash or signup tracking. */
export async function findMemberAccount(db: TDb, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      siteId: users.siteId,
      profileId: users.profileId,
      email: users.email,
      emailConfirmed: users.emailConfirmed,
      status: users.status,
      locale: users.locale,
      credits: users.credits,
      paidUser: users.paidUser,
      directDebitBlocked: users.directDebitBlocked,
      invisible: users.invisible,
      emailDisabledReason: users.emailDisabledReason,
      signupDate: users.signupDate,
      deletedAt: users.deletedAt,
      deleteReason: users.deleteReason,
      lastLoginAt: users.lastLoginAt,
      profile: {
        name: profiles.name,
        gender: profiles.gender,
        birthDate: profiles.birthDate,
        country: profiles.country,
        city: profiles.city,
        aboutMe: profiles.aboutMe,
        status: profiles.status,
        niches: profiles.niches,
        isFictional: profiles.isFictional,
      },
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
/** A member's account as the console shows it. */
export type TMemberAccount = NonNullable<Awaited<ReturnType<typeof findMemberAccount>>>;

/** The account a payment belongs to, and its site (the console checks the staff member's sites first). */
export async function findPaymentOwner(db: TDb, paymentId: string) {
  const [row] = await db
    .select({ userId: users.id, siteId: users.siteId })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row;
}

/** The site of an account (the console checks the staff member's sites before anything else). */
export async function findMemberSite(db: TDb, userId: number) {
  const [row] = await db.select({ siteId: users.siteId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.siteId;
}

/** The short lists of a member's page, whole: photos, consents and push devices (a handful each). */
export async function findMemberRecords(db: TDb, member: { userId: number; profileId: number }) {
  const { userId, profileId } = member;
  const photoRows = await db
    .select({ id: photos.id, fileKey: photos.fileKey, isMain: photos.isMain, createdAt: photos.createdAt })
    .from(photos)
    .where(eq(photos.profileId, profileId))
    .orderBy(photos.position);
  const consentRows = await db
    .select({
      kind: consents.kind,
      version: consents.version,
      givenAt: consents.givenAt,
      withdrawnAt: consents.withdrawnAt,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.givenAt));
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return { photos: photoRows, consents: consentRows, devices };
}

/** Which member a list is of, and the window: newest first, `limit` rows after the first `offset`. */
export interface TMemberListPage {
  userId: number;
  profileId: number;
  now: Date;
  limit: number;
  offset: number;
}

/** How many rows of a table match (a list's total). */
async function countWhere(db: TDb, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** A page of the member's credit ledger and its total. */
export async function findLedgerPage(db: TDb, p: TMemberListPage) {
  const where = eq(creditLedger.userId, p.userId);
  const rows = await db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      ref: creditLedger.ref,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(where)
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(p.limit)
    .offset(p.offset);
  return { rows, total: await countWhere(db, creditLedger, where) };
}

/** A page of the member's payments and their total. */
export async function findPaymentsPage(db: TDb, p: TMemberListPage) {
  const where = eq(payments.userId, p.userId);
  const rows = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(p.limit)
    .offset(p.offset);
  return { rows, total: await countWhere(db, payments, where) };
}

/** A page of the member's live sessions (raw ids and user agents: the service shows neither) and their total. */
export async function findSessionsPage(db: TDb, p: TMemberListPage) {
  const where = and(eq(sessions.userId, p.userId), gt(sessions.expiresAt, p.now));
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(where)
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(p.limit)
    .offset(p.offset);
  return { rows, total: await countWhere(db, sessions, where) };
}

/** A page of the notifications sent to the member and their total. */
export async function findNotificationsPage(db: TDb, p: TMemberListPage) {
  const where = eq(notificationSends.userId, p.userId);
  const rows = await db
    .select({
      id: notificationSends.id,
      kind: notificationSends.kind,
      channel: notificationSends.channel,
      status: notificationSends.status,
      reason: notificationSends.reason,
      createdAt: notificationSends.createdAt,
      sentAt: notificationSends.sentAt,
    })
    .from(notificationSends)
    .where(where)
    .orderBy(desc(notificationSends.createdAt), desc(notificationSends.id))
    .limit(p.limit)
    .offset(p.offset);
  return { rows, total: await countWhere(db, notificationSends, where) };
}

/** A page of the reports by and against the member and their total. */
export async function findReportsPage(db: TDb, p: TMemberListPage) {
  const where = or(eq(reports.reporterProfileId, p.profileId), eq(reports.profileId, p.profileId));
  const rows = await db
    .select({
      id: reports.id,
      reporterProfileId: reports.reporterProfileId,
      profileId: reports.profileId,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(p.limit)
    .offset(p.offset);
  return { rows, total: await countWhere(db, reports, where) };
}
