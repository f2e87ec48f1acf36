import { and, desc, eq, gt, or } from 'drizzle-orm';
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

/** How many rows of each long list (ledger, notifications) a member's page shows, newest first. */
export const MEMBER_FILE_ROWS = 200;

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

/** Everything a member's page lists besides the account: photos, consents, ledger, payments, sessions, devices… */
export async function findMemberRecords(db: TDb, member: { userId: number; profileId: number }, now: Date) {
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
  const ledger = await db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      ref: creditLedger.ref,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(MEMBER_FILE_ROWS);
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(MEMBER_FILE_ROWS);
  const sessionRows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
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
  const notifications = await db
    .select({
      kind: notificationSends.kind,
      channel: notificationSends.channel,
      status: notificationSends.status,
      reason: notificationSends.reason,
      createdAt: notificationSends.createdAt,
      sentAt: notificationSends.sentAt,
    })
    .from(notificationSends)
    .where(eq(notificationSends.userId, userId))
    .orderBy(desc(notificationSends.createdAt))
    .limit(MEMBER_FILE_ROWS);
  const reportRows = await db
    .select({
      id: reports.id,
      reporterProfileId: reports.reporterProfileId,
      profileId: reports.profileId,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(or(eq(reports.reporterProfileId, profileId), eq(reports.profileId, profileId)))
    .orderBy(desc(reports.createdAt))
    .limit(MEMBER_FILE_ROWS);
  return {
    photos: photoRows,
    consents: consentRows,
    ledger,
    payments: paymentRows,
    sessions: sessionRows,
    devices,
    notifications,
    reports: reportRows,
  };
}
