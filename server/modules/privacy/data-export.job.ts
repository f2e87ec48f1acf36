import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { DATA_EXPORT_DAYS, NOTIFICATION_LOG_RETENTION_DAYS } from '../../../common/constants.ts';
import { DATA_EXPORT_FILES, type TDataExportContents, type TDataExportFile } from '../../../common/wire/data-export.ts';
import type { TDb } from '../../db/connect.ts';
import type { TDirectDebitDetails } from '../../db/schema/payments.ts';
import { enqueueJob } from '../../jobs/jobs.repository.ts';
import type { TJobRunner } from '../../jobs/jobs.ts';
import { serverT } from '../../lib/i18n.ts';
import type { TLogger } from '../../lib/logger.ts';
import { newToken } from '../../lib/tokens.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { mediaDir } from '../photos/photo-store.ts';
import {
  findAccountData,
  findBlocksMade,
  findComplaintsOf,
  findConsents,
  findConversationsOf,
  findDirectDebitMandatesOf,
  findDirectDebitRequestsOf,
  findExport,
  findLedgerOf,
  findLikesGiven,
  findLikesReceived,
  findMessagesIn,
  findNotificationSendsOf,
  findPaymentsOf,
  findProfileData,
  findProfilePhotos,
  findPushDevicesOf,
  findReportsMade,
  findSessionsOf,
  markExportFailed,
  markExportReady,
} from './data-export.repository.ts';
import {
  EXPIRE_DATA_EXPORTS_JOB,
  exportPath,
  exportsDir,
  type TBuildDataExportPayload,
  type TDataExportService,
} from './data-export.service.ts';

/** A build that still fails this long after the request is given up: the member sees "failed" and may ask again. */
export const DATA_EXPORT_GIVE_UP_MS = 2 * 3_600_000;

/** A photo to copy into the archive: its stored file and its name under photos/. */
interface TArchivePhoto {
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

/** Gathers everything the archive holds about a member: the JSON files' contents and the photos to copy. */
async function collect(db: TDb, dataDir: string, userId: number, now: () => Date) {
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
  for (const [i, p] of (await findProfilePhotos(db, profileId)).entries()) {
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
    'consents.json': (await findConsents(db, userId)).map((c) => ({
      kind: c.kind,
      version: c.version,
      locale: c.locale,
      given_at: iso(c.givenAt),
      ip_prefix: c.ipPrefix,
      withdrawn_at: isoOrNull(c.withdrawnAt),
    })),
    'likes.json': {
      given: (await findLikesGiven(db, profileId)).map((l) => ({
        to: { profile_id: l.profileId, name: l.name },
        source: l.source,
        at: iso(l.at),
      })),
      received: (await findLikesReceived(db, profileId)).map((l) => ({
        from: { profile_id: l.profileId, name: l.name },
        at: iso(l.at),
      })),
    },
    'blocks.json': (await findBlocksMade(db, profileId)).map((b) => ({
      blocked: { profile_id: b.profileId, name: b.name },
      at: iso(b.at),
    })),
    'conversations.json': conversations,
    'payments.json': (await findPaymentsOf(db, userId)).map((p) => ({
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
    'credit_ledger.json': (await findLedgerOf(db, userId)).map((l) => ({
      delta: l.delta,
      reason: l.reason,
      ref: l.ref,
      at: iso(l.at),
    })),
    'sessions.json': (await findSessionsOf(db, userId)).map((s) => ({
      created_at: iso(s.createdAt),
      last_seen_at: isoOrNull(s.lastSeenAt),
      expires_at: iso(s.expiresAt),
      user_agent: s.userAgent,
      ip_prefix: s.ipPrefix,
      country: s.country,
    })),
    'notifications.json': {
      // As /notifications shows them: the marketing kinds read as off without a live consent.
      switches: (await createNotificationsService({ db, now }).settings(userId)).kinds,
      push_devices: (await findPushDevicesOf(db, userId)).map((d) => ({
        push_service: pushServiceOf(d.endpoint),
        user_agent: d.userAgent,
        created_at: iso(d.createdAt),
        last_success_at: isoOrNull(d.lastSuccessAt),
      })),
      sent: (await findNotificationSendsOf(db, userId)).map((n) => ({
        kind: n.kind,
        channel: n.channel,
        status: n.status,
        created_at: iso(n.createdAt),
        sent_at: isoOrNull(n.sentAt),
      })),
    },
    'reports.json': (await findReportsMade(db, profileId)).map((r) => ({
      reported: { profile_id: r.profileId, name: r.name },
      about_photo: r.aboutPhoto,
      reason: r.reason,
      message: r.message,
      status: r.status,
      at: iso(r.at),
    })),
    'complaints.json': (await findComplaintsOf(db, userId)).map((c) => ({
      name: c.name,
      email: c.email,
      topic: c.topic,
      message: c.message,
      locale: c.locale,
      status: c.status,
      at: iso(c.at),
    })),
    'direct_debit.json': {
      requests: (await findDirectDebitRequestsOf(db, userId)).map((r) => ({
        details: bankDetails(r.details),
        package_id: r.packageId,
        payment_id: r.paymentId,
        created_at: iso(r.createdAt),
        expires_at: iso(r.expiresAt),
      })),
      mandates: (await findDirectDebitMandatesOf(db, userId)).map((m) => ({
        label: m.label,
        details: m.details ? bankDetails(m.details) : null,
        created_at: iso(m.createdAt),
        revoked_at: isoOrNull(m.revokedAt),
      })),
    },
  };
  return { account, name: profile.name, contents, photos: files };
}

/** README.txt in the member's language: what the archive is and what each file holds. */
export function renderReadme(locale: string, site: string, createdAt: Date): string {
  const t = serverT(locale);
  const v = {
    site,
    date: createdAt.toISOString().slice(0, 10),
    days: NOTIFICATION_LOG_RETENTION_DAYS,
    interpolation: { escapeValue: false },
  };
  const lines = [t('privacy_export.readme.title', v), '', t('privacy_export.readme.intro', v), ''];
  for (const file of Object.keys(DATA_EXPORT_FILES)) {
    lines.push(`${file}: ${t(`privacy_export.readme.files.${file.replace('.json', '')}`, v)}`);
  }
  lines.push(`photos/: ${t('privacy_export.readme.files.photos', v)}`, '', t('privacy_export.readme.outro', v), '');
  return lines.join('\r\n');
}

/** Writes the ZIP to a temporary name and renames it when complete, so a half-written archive is never served. */
async function writeArchive(
  target: string,
  json: [string, unknown][],
  readme: string,
  photos: TArchivePhoto[],
): Promise<number> {
  const partial = `${target}.partial`;
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const written = pipeline(zip, createWriteStream(partial));
  zip.append(readme, { name: 'README.txt' });
  for (const [name, value] of json) zip.append(JSON.stringify(value, null, 2), { name });
  // JPEG does not compress further: stored as is.
  for (const p of photos) zip.append(createReadStream(p.source), { name: p.name, store: true });
  try {
    await zip.finalize();
    await written;
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  }
  await fs.rename(partial, target);
  return (await fs.stat(target)).size;
}

/** What the build job needs. */
export interface TBuildDataExportDeps {
  db: TDb;
  dataDir: string;
  mailer: Pick<TMailer, 'enqueue'>;
  jobs: Pick<TJobRunner, 'runNow'>;
  now: () => Date;
  log: Pick<TLogger, 'warn' | 'error'>;
}

/**
 * The `build_data_export` job: gathers the member's data, checks each JSON file against its schema, writes the ZIP
 * under DATA_DIR/exports/, then in one transaction marks the export ready for DATA_EXPORT_DAYS, schedules its expiry
 * and queues the "your data is ready" email. A build failing for DATA_EXPORT_GIVE_UP_MS marks the export failed.
 */
export function createBuildDataExportJob(deps: TBuildDataExportDeps) {
  const { db, dataDir, mailer, jobs, now, log } = deps;
  return async (raw: Record<string, unknown>): Promise<void> => {
    const payload = raw as unknown as TBuildDataExportPayload;
    const row = await findExport(db, payload.exportId);
    if (!row || row.status !== 'pending') return; // erased with the account, or built already
    try {
      const data = await collect(db, dataDir, row.userId, now);
      if (!data) {
        await markExportFailed(db, row.id);
        return;
      }
      const json = Object.entries(data.contents).map(
        ([name, value]) => [name, DATA_EXPORT_FILES[name as TDataExportFile].parse(value)] as [string, unknown],
      );
      const readyAt = now();
      const readme = renderReadme(data.account.locale, data.account.site, readyAt);
      await fs.mkdir(exportsDir(dataDir), { recursive: true });
      const fileKey = newToken();
      const sizeBytes = await writeArchive(exportPath(dataDir, fileKey), json, readme, data.photos);
      const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_DAYS * 86_400_000);
      const mail = await db.transaction(async (tx) => {
        if (!(await markExportReady(tx, row.id, { fileKey, sizeBytes, readyAt, expiresAt }))) return null;
        await enqueueJob(tx, { kind: EXPIRE_DATA_EXPORTS_JOB, payload: { exportId: row.id }, runAt: expiresAt });
        const date = new Intl.DateTimeFormat(data.account.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
          expiresAt,
        );
        return mailer.enqueue(
          tx,
          {
            site: payload.site,
            to: data.account.email,
            locale: data.account.locale,
            kind: 'data_export_ready',
            userId: row.userId,
            vars: { name: data.name, link: payload.link, date, days: DATA_EXPORT_DAYS },
          },
          readyAt,
        );
      });
      if (mail === null) {
        await fs.rm(exportPath(dataDir, fileKey), { force: true });
        return;
      }
      await jobs.runNow([mail]);
    } catch (err) {
      if (now().getTime() - row.requestedAt.getTime() < DATA_EXPORT_GIVE_UP_MS) throw err;
      log.error({ exportId: row.id, err }, 'data export failed for good');
      await markExportFailed(db, row.id);
    }
  };
}

/** The `expire_data_exports` job: deletes every archive whose download period ended and marks it expired. */
export function createExpireDataExportsJob(service: Pick<TDataExportService, 'expireDue'>) {
  return async (): Promise<void> => {
    await service.expireDue();
  };
}
