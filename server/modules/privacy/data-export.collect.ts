import fs from 'node:fs/promises';
import path from 'node:path';
import { type TDataExportContents } from '#common/wire/data-export.ts';
import type { TNotificationSettings } from '#common/wire/notifications.ts';
import type { TDb } from '#server/db/connect.ts';
import type { TDirectDebitDetails } from '#server/db/schema/payments.ts';
import { mediaDir } from '../photos/photo-store.ts';
import {
  findAccountData,
  findConversationsOf,
  findLikesReceived,
  findMessagesIn,
  findOwnRows,
  findProfileData,
} from './archive.repository.ts';

// What a member's archive holds, gathered from every table (the data-export job writes it).

/** A photo to copy into the archive: its stored file and its name under photos/. */
export interface TArchivePhoto {
  source: string;
  name: string;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** The host of a push endpoint (which push service, e.g. fcm.googleapis.com); its path identifies the browser. */
function pushServiceOf(endpoint: string): string | null {
  try {
    return new URL(endpoint).host || null;
  } catch {
    return null;
  }
}

/** Bank details as the member gave them for a direct debit, in the archive's names. */
function bankDetails(d: TDirectDebitDetails) {
  return {
    account_holder: d.accountHolder,
    iban: d.iban,
    street: d.street,
    house_number: d.houseNumber,
    zip: d.zip,
    city: d.city,
    phone: d.phone,
    reference: d.reference,
  };
}

/** Whether a stored file exists (a photo whose file was lost is listed without a file). */
async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

/** Whose archive to gather, where the photos are, and how to read the member's notification switches. */
export interface TCollectOptions {
  dataDir: string;
  userId: number;
  /**
   * The member's switches as the notifications page shows them (their effective values), read by the notifications
   * area: privacy depends on no other module's service.
   */
  switchesOf: (userId: number) => Promise<TNotificationSettings['kinds']>;
}

/** Gathers everything the archive holds about a member: the JSON files' contents and the photos to copy. */
export async function collect(db: TDb, { dataDir, userId, switchesOf }: TCollectOptions) {
  const account = await findAccountData(db, userId);
  if (!account) return null;
  const profileId = account.profileId;
  const profile = await findProfileData(db, profileId);
  if (!profile) return null;
  const media = mediaDir(dataDir);
  const files: TArchivePhoto[] = [];
  /** Adds a stored photo under photos/ and returns its name there, or null when its file is gone. */
  const addPhoto = async (key: string, name: string) => {
    const source = path.join(media, `${key}.jpg`);
    if (!(await exists(source))) return null;
    files.push({ source, name: `photos/${name}` });
    return `photos/${name}`;
  };

  const profilePhotos = [];
  for (const [i, p] of (await findOwnRows(db, 'profilePhotos', profileId)).entries()) {
    profilePhotos.push({
      file: await addPhoto(p.fileKey, `profile-${i + 1}.jpg`),
      is_main: p.isMain,
      position: p.position,
      uploaded_at: iso(p.createdAt),
    });
  }

  const chats = await findConversationsOf(db, profileId);
  const all = await findMessagesIn(
    db,
    chats.map((c) => c.id),
  );
  const conversations = [];
  for (const c of chats) {
    const list = [];
    for (const m of all.filter((x) => x.conversationId === c.id)) {
      const sent = m.senderProfileId === profileId;
      const photo = sent && m.attachmentKey ? await addPhoto(m.attachmentKey, `chat-${m.id}.jpg`) : null;
      list.push({
        id: m.id,
        direction: sent ? ('sent' as const) : ('received' as const),
        kind: m.kind,
        text: m.body,
        photo_file: photo,
        credits: sent ? m.cost : 0,
        at: iso(m.createdAt),
      });
    }
    conversations.push({
      conversation_id: c.id,
      with: { profile_id: c.otherId, name: c.otherName },
      started_at: iso(c.createdAt),
      messages: list,
    });
  }

  const contents: TDataExportContents = {
    'account.json': {
      user_id: account.userId,
      site: account.site,
      email: account.email,
      email_confirmed: account.emailConfirmed,
      status: account.status,
      locale: account.locale,
      signup_date: iso(account.signupDate),
      last_login_at: isoOrNull(account.lastLoginAt),
      credits: account.credits,
      premium: account.paidUser,
      invisible: account.invisible,
      direct_debit_blocked: account.directDebitBlocked,
      notifications_disabled: account.notificationsDisabled,
      email_disabled_reason: account.emailDisabledReason,
      tracking: account.tracking as Record<string, string>,
      signup_message: account.signupMessage,
    },
    'profile.json': {
      profile_id: profile.id,
      name: profile.name,
      gender: profile.gender,
      sexuality: profile.sexuality,
      show_sexuality: profile.showSexuality,
      seeking: profile.seeking,
      birth_date: profile.birthDate,
      country: profile.country,
      region_code: profile.regionCode,
      city: profile.city,
      latitude: profile.lat,
      longitude: profile.lon,
      locale: profile.locale,
      about_me: profile.aboutMe,
      hair_color: profile.hairColor,
      eye_color: profile.eyeColor,
      body_type: profile.bodyType,
      relationship_status: profile.relationshipStatus,
      tattoos: profile.tattoos,
      height_cm: profile.heightCm,
      interests: profile.interests,
      status: profile.status,
      invisible: profile.invisible,
      created_at: iso(profile.createdAt),
      photos: profilePhotos,
    },
    'consents.json': (await findOwnRows(db, 'consents', userId)).map((c) => ({
      kind: c.kind,
      version: c.version,
      locale: c.locale,
      given_at: iso(c.givenAt),
      ip_prefix: c.ipPrefix,
      withdrawn_at: isoOrNull(c.withdrawnAt),
    })),
    'likes.json': {
      given: (await findOwnRows(db, 'likesGiven', profileId)).map((l) => ({
        to: { profile_id: l.profileId, name: l.name },
        source: l.source,
        at: iso(l.at),
      })),
      received: (await findLikesReceived(db, profileId)).map((l) => ({
        from: { profile_id: l.profileId, name: l.name },
        at: iso(l.at),
      })),
    },
    'blocks.json': (await findOwnRows(db, 'blocksMade', profileId)).map((b) => ({
      blocked: { profile_id: b.profileId, name: b.name },
      at: iso(b.at),
    })),
    'conversations.json': conversations,
    'payments.json': (await findOwnRows(db, 'payments', userId)).map((p) => ({
      id: p.id,
      status: p.status,
      credits: p.credits,
      amount_minor: p.amountMinor,
      currency: p.currency,
      method: p.method,
      provider: p.provider,
      created_at: iso(p.createdAt),
      paid_at: isoOrNull(p.paidAt),
    })),
    'credit_ledger.json': (await findOwnRows(db, 'ledger', userId)).map((l) => ({
      delta: l.delta,
      reason: l.reason,
      ref: l.ref,
      at: iso(l.at),
    })),
    'sessions.json': (await findOwnRows(db, 'sessions', userId)).map((s) => ({
      created_at: iso(s.createdAt),
      last_seen_at: isoOrNull(s.lastSeenAt),
      expires_at: iso(s.expiresAt),
      user_agent: s.userAgent,
      ip_prefix: s.ipPrefix,
      country: s.country,
    })),
    'notifications.json': {
      // As /notifications shows them: the marketing kinds read as off without a live consent.
      switches: await switchesOf(userId),
      push_devices: (await findOwnRows(db, 'pushDevices', userId)).map((d) => ({
        push_service: pushServiceOf(d.endpoint),
        user_agent: d.userAgent,
        created_at: iso(d.createdAt),
        last_success_at: isoOrNull(d.lastSuccessAt),
      })),
      sent: (await findOwnRows(db, 'notificationSends', userId)).map((n) => ({
        kind: n.kind,
        channel: n.channel,
        status: n.status,
        created_at: iso(n.createdAt),
        sent_at: isoOrNull(n.sentAt),
      })),
    },
    'reports.json': (await findOwnRows(db, 'reportsMade', profileId)).map((r) => ({
      reported: { profile_id: r.profileId, name: r.name },
      about_photo: r.aboutPhoto,
      reason: r.reason,
      message: r.message,
      status: r.status,
      at: iso(r.at),
    })),
    'complaints.json': (await findOwnRows(db, 'complaints', userId)).map((c) => ({
      name: c.name,
      email: c.email,
      topic: c.topic,
      message: c.message,
      locale: c.locale,
      status: c.status,
      at: iso(c.at),
    })),
    'direct_debit.json': {
      requests: (await findOwnRows(db, 'directDebitRequests', userId)).map((r) => ({
        details: bankDetails(r.details),
        package_id: r.packageId,
        payment_id: r.paymentId,
        created_at: iso(r.createdAt),
        expires_at: iso(r.expiresAt),
      })),
      mandates: (await findOwnRows(db, 'directDebitMandates', userId)).map((m) => ({
        label: m.label,
        details: m.details ? bankDetails(m.details) : null,
        created_at: iso(m.createdAt),
        revoked_at: isoOrNull(m.revokedAt),
      })),
    },
  };
  return { account, name: profile.name, contents, photos: files };
}
