import { aliasedTable, and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { TDb } from '#server/db/connect.ts';
import {
  blocks,
  complaints,
  consents,
  conversations,
  creditLedger,
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
} from '#server/db/schema/index.ts';
import { listedFor } from '#server/db/visibility.ts';

// What a member's data archive lists, read table by table (data-export.collect.ts turns it into the files).

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

/** Likes the member received as their likes list shows them: from visible members, no block either way. */
export async function findLikesReceived(db: TDb, profileId: number) {
  return db
    .select({ profileId: profiles.id, name: profiles.name, at: likes.createdAt })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likerProfileId))
    .where(and(eq(likes.likedProfileId, profileId), listedFor(profileId)))
    .orderBy(asc(likes.createdAt));
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

/**
 * One of the member's own tables as the archive lists it: the columns it shows (never a secret: no token hash, no
 * key), whose rows they are, and a stable order; `named` joins the other member's profile for their id and name.
 */
interface TOwnRows {
  from: PgTable;
  owner: PgColumn;
  columns: SelectedFields;
  order: PgColumn[];
  where?: SQL;
  named?: PgColumn;
}

/** The rows of one of the member's tables, oldest first, with only the listed columns. */
function ownRows<T extends TOwnRows>(db: TDb, spec: T, ownerId: number) {
  const base = db.select(spec.columns).from(spec.from);
  const joined = spec.named ? base.innerJoin(profiles, eq(profiles.id, spec.named)) : base;
  return joined.where(and(eq(spec.owner, ownerId), spec.where)).orderBy(...spec.order.map((c) => asc(c))) as Promise<
    SelectResult<T['columns'], 'partial', Record<string, 'not-null'>>[]
  >;
}

/** What each archive file lists of the member's own tables (see ownRows). */
const OWN_ROWS = {
  profilePhotos: {
    from: photos,
    owner: photos.profileId,
    columns: { fileKey: photos.fileKey, isMain: photos.isMain, position: photos.position, createdAt: photos.createdAt },
    order: [photos.position, photos.createdAt],
  },
  consents: {
    from: consents,
    owner: consents.userId,
    columns: {
      kind: consents.kind,
      version: consents.version,
      locale: consents.locale,
      givenAt: consents.givenAt,
      ipPrefix: consents.ipPrefix,
      withdrawnAt: consents.withdrawnAt,
    },
    order: [consents.givenAt, consents.id],
  },
  likesGiven: {
    from: likes,
    owner: likes.likerProfileId,
    named: likes.likedProfileId,
    columns: { profileId: profiles.id, name: profiles.name, source: likes.source, at: likes.createdAt },
    order: [likes.createdAt],
  },
  blocksMade: {
    from: blocks,
    owner: blocks.blockerProfileId,
    named: blocks.blockedProfileId,
    columns: { profileId: profiles.id, name: profiles.name, at: blocks.createdAt },
    order: [blocks.createdAt],
  },
  payments: {
    from: payments,
    owner: payments.userId,
    columns: {
      id: payments.id,
      status: payments.status,
      credits: payments.credits,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      method: payments.method,
      provider: payments.provider,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
    },
    order: [payments.createdAt],
  },
  ledger: {
    from: creditLedger,
    owner: creditLedger.userId,
    columns: {
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      ref: creditLedger.ref,
      at: creditLedger.createdAt,
    },
    order: [creditLedger.id],
  },
  // Expired sessions too, never their id (the token's hash).
  sessions: {
    from: sessions,
    owner: sessions.userId,
    columns: {
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ipPrefix: sessions.ipPrefix,
      country: sessions.country,
    },
    order: [sessions.createdAt],
  },
  // The endpoint to take its host from, never the encryption keys.
  pushDevices: {
    from: pushSubscriptions,
    owner: pushSubscriptions.userId,
    columns: {
      endpoint: pushSubscriptions.endpoint,
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    },
    order: [pushSubscriptions.createdAt, pushSubscriptions.id],
  },
  // Those still stored (the retention job keeps them 60 days).
  notificationSends: {
    from: notificationSends,
    owner: notificationSends.userId,
    columns: {
      kind: notificationSends.kind,
      channel: notificationSends.channel,
      status: notificationSends.status,
      createdAt: notificationSends.createdAt,
      sentAt: notificationSends.sentAt,
    },
    order: [notificationSends.createdAt, notificationSends.id],
  },
  reportsMade: {
    from: reports,
    owner: reports.reporterProfileId,
    named: reports.profileId,
    columns: {
      profileId: profiles.id,
      name: profiles.name,
      aboutPhoto: sql<boolean>`${reports.photoId} is not null`,
      reason: reports.reason,
      message: reports.message,
      status: reports.status,
      at: reports.createdAt,
    },
    order: [reports.createdAt, reports.id],
  },
  // Those sent while logged in.
  complaints: {
    from: complaints,
    owner: complaints.userId,
    columns: {
      name: complaints.name,
      email: complaints.email,
      topic: complaints.topic,
      message: complaints.message,
      locale: complaints.locale,
      status: complaints.status,
      at: complaints.createdAt,
    },
    order: [complaints.createdAt, complaints.id],
  },
  // Never the code's hash.
  directDebitRequests: {
    from: directDebitRequests,
    owner: directDebitRequests.userId,
    columns: {
      details: directDebitRequests.details,
      packageId: directDebitRequests.packageId,
      paymentId: directDebitRequests.paymentId,
      createdAt: directDebitRequests.createdAt,
      expiresAt: directDebitRequests.expiresAt,
    },
    order: [directDebitRequests.createdAt],
  },
  // With their bank details (null once the retention job dropped them).
  directDebitMandates: {
    from: paymentMandates,
    owner: paymentMandates.userId,
    where: eq(paymentMandates.method, 'directdebit'),
    columns: {
      label: paymentMandates.label,
      details: paymentMandates.details,
      createdAt: paymentMandates.createdAt,
      revokedAt: paymentMandates.revokedAt,
    },
    order: [paymentMandates.createdAt, paymentMandates.id],
  },
} satisfies Record<string, TOwnRows>;

/** The member's rows of one archive table (profilePhotos, likesGiven, blocksMade, reportsMade: by profile id). */
export function findOwnRows<K extends keyof typeof OWN_ROWS>(db: TDb, kind: K, ownerId: number) {
  return ownRows(db, OWN_ROWS[kind], ownerId);
}
