import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import {
  accountTokens,
  blocks,
  complaints,
  consents,
  conversationMembers,
  hostInbox,
  dataExports,
  directDebitRequests,
  jobs,
  likes,
  loginAttempts,
  mailbox,
  messages,
  paymentMandates,
  photos,
  profiles,
  reports,
  sessions,
  swipePasses,
  users,
  discountCodes,
  emailFeedback,
  notificationPreferences,
  notificationSends,
  pushSubscriptions,
} from '#server/db/schema/index.ts';
import { purgeAccountJob } from './account-jobs.ts';

export type TMandateRow = typeof paymentMandates.$inferSelect;

/** The message kind a purged member's conversations show instead of each of their messages ('message removed'). */
export const REMOVED_MESSAGE_KIND = 'removed';

/** An account's status, deletion time, profile, site and address, or undefined. */
export async function findAccountForPurge(db: TDb, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      status: users.status,
      deletedAt: users.deletedAt,
      profileId: users.profileId,
      siteId: users.siteId,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** An account's direct debit mandates that are not revoked yet. */
export async function findLiveMandates(db: TDb, userId: number): Promise<TMandateRow[]> {
  return db
    .select()
    .from(paymentMandates)
    .where(and(eq(paymentMandates.userId, userId), isNull(paymentMandates.revokedAt)));
}

/**
 * Marks a deleted account purged and blanks every personal column of it, only if it was deleted at or before
 * `cutoff`; the conditional update locks the row and re-checks, so a reactivation committed meanwhile leaves nothing
 * to purge. The password hash becomes '!', which no password ever verifies against. Returns whether it was claimed.
 */
export async function claimAccountForPurge(tx: TTx, userId: number, cutoff: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(users)
    .set({
      status: 'purged',
      email: `purged-${userId}@invalid`,
      passwordHash: '!',
      tracking: {},
      emailConfirmed: false,
      signupMemberId: null,
      signupMessage: null,
      deleteReason: null,
      lastLoginAt: null,
      emailDisabledReason: null,
      notificationsDisabled: [],
      invisible: true,
    })
    .where(and(eq(users.id, userId), eq(users.status, 'deleted'), lte(users.deletedAt, cutoff)))
    .returning({ id: users.id });
  return Boolean(claimed);
}

/** Files a purge leaves to delete after commit. */
export interface TPurgedFiles {
  /** Profile photos (full, thumbnail and blurred variants). */
  photos: { fileKey: string; censoredKey: string | null }[];
  /** Chat photos the member sent. */
  attachments: string[];
  /** The member's data export archives (under DATA_DIR/exports/). */
  exports: string[];
}

/** `needle` (compared lower-cased) occurs in a text or JSON column. */
const mentions = (column: unknown, needle: string) =>
  sql`position(${needle.toLowerCase()} in lower(${column}::text)) > 0`;

/**
 * Erases a claimed account's personal data in every table (ERASURE_PLAN, erasure-plan.ts): deletes its photos, sessions, tokens, login
 * attempts, exports, likes, blocks, swipe passes, reports, complaints, jobs and dev-mailbox rows about its address and
 * direct debit requests; removes the content of every message it sent; withdraws its consents without the
 * address prefix; revokes its mandates; disables its unused codes; blanks its profile. Returns the files to delete
 * once the transaction committed.
 */
export async function erasePersonalData(
  tx: TTx,
  a: { userId: number; profileId: number; siteId: number; email: string; now: Date },
): Promise<TPurgedFiles> {
  const { userId, profileId, email } = a;
  const removedPhotos = await tx
    .delete(photos)
    .where(eq(photos.profileId, profileId))
    .returning({ fileKey: photos.fileKey, censoredKey: photos.censoredKey });

  // Phone numbers the member gave for direct debit SMS codes (the dev mailbox keeps SMS by number).
  const phones = new Set<string>();
  for (const table of [directDebitRequests, paymentMandates]) {
    const rows = await tx
      .select({ phone: sql<string | null>`${table.details}->>'phone'` })
      .from(table)
      .where(eq(table.userId, userId));
    for (const r of rows) if (r.phone) phones.add(r.phone);
  }
  await tx.delete(directDebitRequests).where(eq(directDebitRequests.userId, userId));
  await tx
    .update(paymentMandates)
    .set({ revokedAt: a.now })
    .where(and(eq(paymentMandates.userId, userId), isNull(paymentMandates.revokedAt)));

  await tx.delete(sessions).where(eq(sessions.userId, userId));
  for (const table of [notificationPreferences, pushSubscriptions, notificationSends, emailFeedback]) {
    await tx.delete(table).where(eq(table.userId, userId));
  }
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await tx
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.siteId, a.siteId), sql`lower(${loginAttempts.email}) = ${email.toLowerCase()}`));
  const removedExports = await tx
    .delete(dataExports)
    .where(eq(dataExports.userId, userId))
    .returning({ fileKey: dataExports.fileKey });
  await tx
    .update(consents)
    .set({ ipPrefix: null, withdrawnAt: sql`coalesce(${consents.withdrawnAt}, ${a.now.toISOString()}::timestamptz)` })
    .where(eq(consents.userId, userId));
  await tx
    .update(discountCodes)
    .set({ status: 'disabled' })
    .where(and(eq(discountCodes.userId, userId), eq(discountCodes.status, 'active')));

  await tx.delete(likes).where(or(eq(likes.likerProfileId, profileId), eq(likes.likedProfileId, profileId)));
  await tx.delete(blocks).where(or(eq(blocks.blockerProfileId, profileId), eq(blocks.blockedProfileId, profileId)));
  await tx
    .delete(swipePasses)
    .where(or(eq(swipePasses.viewerProfileId, profileId), eq(swipePasses.profileId, profileId)));
  await tx.delete(reports).where(or(eq(reports.reporterProfileId, profileId), eq(reports.profileId, profileId)));
  await tx
    .delete(complaints)
    .where(or(eq(complaints.userId, userId), sql`lower(${complaints.email}) = ${email.toLowerCase()}`));

  // Every message the member sent: the other member sees 'message removed' in its place. What the other member wrote
  // is theirs and stays, as in any correspondence whose other party left.
  const attachments = await tx
    .select({ key: messages.attachmentKey })
    .from(messages)
    .where(and(eq(messages.senderProfileId, profileId), isNotNull(messages.attachmentKey)));
  await tx
    .update(messages)
    .set({ kind: REMOVED_MESSAGE_KIND, body: '', attachmentKey: null, idempotencyKey: null, requestHash: null })
    .where(eq(messages.senderProfileId, profileId));
  await tx.delete(conversationMembers).where(eq(conversationMembers.profileId, profileId));
  // Nobody answers a deleted member: their conversations leave the hosts' inbox.
  await tx.delete(hostInbox).where(eq(hostInbox.memberProfileId, profileId));
  // Another visitor's first message waiting for this member at their activation is no longer deliverable.
  await tx.update(users).set({ signupMemberId: null, signupMessage: null }).where(eq(users.signupMemberId, profileId));

  // Jobs about the member or carrying the address (emails waiting to be sent, a complaint's copy to support…); the
  // running purge job itself only holds the account id.
  await tx
    .delete(jobs)
    .where(and(ne(jobs.kind, purgeAccountJob.kind), or(eq(jobs.userId, userId), mentions(jobs.payload, email))));
  await tx
    .delete(mailbox)
    .where(
      or(
        sql`lower(${mailbox.to}) = ${email.toLowerCase()}`,
        mentions(mailbox.subject, email),
        mentions(mailbox.text, email),
        mentions(mailbox.html, email),
        phones.size ? inArray(mailbox.to, [...phones]) : undefined,
      ),
    );

  await tx
    .update(profiles)
    .set({
      name: '',
      gender: '',
      sexuality: null,
      showSexuality: false,
      seeking: null,
      searchFilters: null,
      birthDate: '1900-01-01',
      country: '',
      regionCode: '',
      city: '',
      lat: null,
      lon: null,
      aboutMe: '',
      hairColor: null,
      eyeColor: null,
      bodyType: null,
      relationshipStatus: null,
      tattoos: null,
      heightCm: null,
      interests: [],
      niches: sql`'{1}'::integer[]`,
      status: 'purged',
      invisible: true,
    })
    .where(eq(profiles.id, profileId));
  return {
    photos: removedPhotos,
    attachments: attachments.flatMap((r) => (r.key ? [r.key] : [])),
    exports: removedExports.flatMap((r) => (r.fileKey ? [r.fileKey] : [])),
  };
}
