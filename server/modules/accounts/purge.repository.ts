import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import {
  accountTokens,
  blocks,
  complaints,
  consents,
  conversationMembers,
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

/** What a purge does with a table's rows about the member. */
export type TErasure =
  /** Every row about the member is deleted (`refs`: the columns naming the member). */
  | { how: 'purged'; refs: { user?: string[]; profile?: string[]; email?: string[] }; why: string }
  /** Rows stay, every personal column blanked (the columns listed in `columns`). */
  | { how: 'anonymized'; columns: string[]; why: string }
  /** Rows stay as they are: the law or the system needs them, and they hold nothing personal beyond an id. */
  | { how: 'kept'; why: string };

/**
 * The erasure plan of every table (GDPR Art. 17): purged, anonymized, or kept with the reason. The purge test walks
 * every table of the schema and fails on a table missing here, so a new table must be placed in the plan.
 */
export const ERASURE_PLAN: Record<string, TErasure> = {
  users: {
    how: 'anonymized',
    columns: [
      'email',
      'password_hash',
      'tracking',
      'signup_member_id',
      'signup_message',
      'delete_reason',
      'last_login_at',
      'email_disabled_reason',
      'notifications_disabled',
    ],
    why: 'the account id stays: payments and the credit ledger (kept for tax law) refer to it',
  },
  profiles: {
    how: 'anonymized',
    columns: [
      'name',
      'gender',
      'sexuality',
      'show_sexuality',
      'birth_date',
      'country',
      'region_code',
      'city',
      'lat',
      'lon',
      'about_me',
      'hair_color',
      'eye_color',
      'body_type',
      'relationship_status',
      'tattoos',
      'height_cm',
      'interests',
      'niches',
      'status',
    ],
    why: "the row stays so the other member's conversation can show 'Deleted member'",
  },
  messages: {
    how: 'anonymized',
    columns: ['kind', 'body', 'attachment_key', 'idempotency_key', 'request_hash'],
    why:
      "the messages the member sent: the other member sees 'message removed' in their place and keeps their own " +
      'messages (their own words)',
  },
  consents: {
    how: 'anonymized',
    columns: ['ip_prefix', 'withdrawn_at'],
    why:
      'proof that processing before the erasure had a legal basis (Art. 7(1), legal claims: Art. 17(3)(e)); ' +
      'every consent is withdrawn, the address prefix dropped, the rows deleted after CONSENT_PROOF_RETENTION_YEARS',
  },
  photos: { how: 'purged', refs: { profile: ['profile_id'] }, why: 'profile photos, files too' },
  sessions: { how: 'purged', refs: { user: ['user_id'] }, why: 'logins' },
  account_tokens: { how: 'purged', refs: { user: ['user_id'] }, why: 'emailed links' },
  login_attempts: { how: 'purged', refs: { email: ['email'] }, why: 'email address and IP' },
  data_exports: { how: 'purged', refs: { user: ['user_id'] }, why: "the member's archives, files too" },
  likes: { how: 'purged', refs: { profile: ['liker_profile_id', 'liked_profile_id'] }, why: 'both directions' },
  blocks: { how: 'purged', refs: { profile: ['blocker_profile_id', 'blocked_profile_id'] }, why: 'both directions' },
  swipe_passes: { how: 'purged', refs: { profile: ['viewer_profile_id', 'profile_id'] }, why: 'both directions' },
  reports: { how: 'purged', refs: { profile: ['reporter_profile_id', 'profile_id'] }, why: 'by and about the member' },
  complaints: { how: 'purged', refs: { user: ['user_id'], email: ['email'] }, why: 'name, email and text' },
  conversation_members: { how: 'purged', refs: { profile: ['profile_id'] }, why: "the member's side" },
  mailbox: { how: 'purged', refs: { email: ['to'] }, why: 'dev mailbox: emails to or about the address' },
  jobs: {
    how: 'purged',
    refs: { user: ['user_id'] },
    why: 'jobs about the member or carrying the address (the running purge job keeps its {userId} only)',
  },
  direct_debit_requests: { how: 'purged', refs: { user: ['user_id'] }, why: 'bank details never confirmed' },
  notification_preferences: { how: 'purged', refs: { user: ['user_id'] }, why: 'notification switches' },
  push_subscriptions: {
    how: 'purged',
    refs: { user: ['user_id'] },
    why: "the member's browsers' push endpoints and keys",
  },
  notification_sends: { how: 'purged', refs: { user: ['user_id'] }, why: 'which notifications the member was sent' },
  email_feedback: {
    how: 'purged',
    refs: { user: ['user_id'] },
    why: "bounce and spam reports about the member's address",
  },
  payments: {
    how: 'kept',
    why:
      'tax law (PAYMENT_RETENTION_YEARS): amount, currency, method, status and dates only; no name, email or IP is ' +
      'stored in it',
  },
  credit_ledger: { how: 'kept', why: 'tax law (PAYMENT_RETENTION_YEARS): what each payment bought and was spent on' },
  discount_redemptions: { how: 'kept', why: "part of a payment's price (tax law); ids only" },
  discount_codes: {
    how: 'kept',
    why: "a used personal code is part of a payment's price (tax law); random code and account id only; unused ones are disabled",
  },
  payment_customers: {
    how: 'kept',
    why: "the payment service's customer id, needed for refunds and chargebacks of kept payments; no personal data",
  },
  payment_mandates: {
    how: 'kept',
    why:
      'revoked at the payment service first; a signed SEPA mandate must be shown to the bank if a debit is disputed ' +
      '(up to 13 months after it): its details are dropped by the retention job SEPA_MANDATE_RETENTION_DAYS after revocation',
  },
  conversations: {
    how: 'kept',
    why: "ids and times only; the other member keeps the conversation with 'Deleted member'",
  },
  companies: { how: 'kept', why: 'the operating companies; no member data' },
  sites: { how: 'kept', why: 'site settings; no member data' },
  app_secrets: { how: 'kept', why: 'server keys; no member data' },
  credit_packages: { how: 'kept', why: 'price list; no member data' },
  page_events: { how: 'kept', why: 'site, kind and path of a page bounce; no member, session or address' },
  sandbox_payments: {
    how: 'kept',
    why: "the sandbox plays the external payment service: these are the provider's records, with our ids only",
  },
  sandbox_mandates: { how: 'kept', why: "the sandbox payment service's test cards and mandates (provider side)" },
};

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
 * Erases a claimed account's personal data in every table (ERASURE_PLAN): deletes its photos, sessions, tokens, login
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
