import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** States of a "Download my data" request (the `data_exports` table). */
export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;
export type TDataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** A member's newest data export as `GET/POST /api/data-export.php` answer it. */
export const ZDataExport = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  /** Until when a ready archive can be downloaded. */
  expires_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExport>;

export const ZDataExportResponse = z.object({ export: ZDataExport.nullable() });
export type TDataExportResponse = z.infer<typeof ZDataExportResponse>;

/** `GET /api/data-export-download.php?id=`: the archive to download (its owner only). */
export const ZDataExportDownloadQuery = z.object({ id: z.coerce.number().int().positive() });

// The JSON files inside the archive. Each is checked against its schema before it is written; the objects are strict,
// so a column added to a query (a password hash, a token hash) fails the export instead of leaving in it.

const iso = z.string();
const person = z.strictObject({ profile_id: z.number().int(), name: z.string() });

/** account.json: the account itself; never the password hash or any token. */
export const ZExportAccount = z.strictObject({
  user_id: z.number().int(),
  site: z.string(),
  email: z.string(),
  email_confirmed: z.boolean(),
  status: z.string(),
  locale: z.string(),
  signup_date: iso,
  last_login_at: iso.nullable(),
  credits: z.number().int(),
  premium: z.boolean(),
  invisible: z.boolean(),
  direct_debit_blocked: z.boolean(),
  notifications_disabled: z.array(z.string()),
  email_disabled_reason: z.string().nullable(),
  tracking: z.record(z.string(), z.string()),
  signup_message: z.string().nullable(),
});

/** profile.json: the profile as the member filled it in, with their photos' file names in the archive (null: file lost). */
export const ZExportProfile = z.strictObject({
  profile_id: z.number().int(),
  name: z.string(),
  gender: z.string(),
  sexuality: z.string().nullable(),
  show_sexuality: z.boolean(),
  seeking: z.string().nullable(),
  birth_date: z.string(),
  country: z.string(),
  region_code: z.string(),
  city: z.string(),
  /** The centre of the member's city (never a precise position). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locale: z.string(),
  about_me: z.string(),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  interests: z.array(z.string()),
  status: z.string(),
  invisible: z.boolean(),
  created_at: iso,
  photos: z.array(
    z.strictObject({ file: z.string().nullable(), is_main: z.boolean(), position: z.number().int(), uploaded_at: iso }),
  ),
});

export const ZExportConsents = z.array(
  z.strictObject({
    kind: z.string(),
    version: z.string(),
    locale: z.string(),
    given_at: iso,
    ip_prefix: z.string().nullable(),
    withdrawn_at: iso.nullable(),
  }),
);

export const ZExportLikes = z.strictObject({
  given: z.array(z.strictObject({ to: person, source: z.string(), at: iso })),
  /** Likes of members the member can see in their likes list (visible, no block either way). */
  received: z.array(z.strictObject({ from: person, at: iso })),
});

/** Members the member blocked (blocks by others are theirs to tell). */
export const ZExportBlocks = z.array(z.strictObject({ blocked: person, at: iso }));

export const ZExportConversations = z.array(
  z.strictObject({
    conversation_id: z.number().int(),
    with: person,
    started_at: iso,
    messages: z.array(
      z.strictObject({
        id: z.number().int(),
        direction: z.enum(['sent', 'received']),
        kind: z.string(),
        /** The text; for a gift the gift's id. */
        text: z.string(),
        /** A photo the member sent, under photos/ in this archive; photos received are the sender's. */
        photo_file: z.string().nullable(),
        credits: z.number().int(),
        at: iso,
      }),
    ),
  }),
);

export const ZExportPayments = z.array(
  z.strictObject({
    id: z.string(),
    status: z.string(),
    credits: z.number().int(),
    amount_minor: z.number().int(),
    currency: z.string(),
    method: z.string(),
    provider: z.string(),
    created_at: iso,
    paid_at: iso.nullable(),
  }),
);

export const ZExportLedger = z.array(
  z.strictObject({ delta: z.number().int(), reason: z.string(), ref: z.string().nullable(), at: iso }),
);

/** Sessions: when and from where, never the session's id or token. */
export const ZExportSessions = z.array(
  z.strictObject({
    created_at: iso,
    last_seen_at: iso.nullable(),
    expires_at: iso,
    user_agent: z.string().nullable(),
    ip_prefix: z.string().nullable(),
    country: z.string().nullable(),
  }),
);

/**
 * notifications.json: the member's switches per kind as /notifications shows them, their push devices (the push
 * service's host only: the endpoint's path and the encryption keys are secrets) and the notifications sent to them
 * (kept NOTIFICATION_LOG_RETENTION_DAYS).
 */
export const ZExportNotifications = z.strictObject({
  switches: z.array(z.strictObject({ kind: z.string(), email: z.boolean(), push: z.boolean() })),
  push_devices: z.array(
    z.strictObject({
      push_service: z.string().nullable(),
      user_agent: z.string().nullable(),
      created_at: iso,
      last_success_at: iso.nullable(),
    }),
  ),
  sent: z.array(
    z.strictObject({
      kind: z.string(),
      channel: z.string(),
      status: z.string(),
      created_at: iso,
      sent_at: iso.nullable(),
    }),
  ),
});

/**
 * reports.json: the reports the member made, with whom they reported as they saw them (public profile id and name);
 * never the reported member's other data. Reports about the member are the reporters'.
 */
export const ZExportReports = z.array(
  z.strictObject({
    reported: person,
    /** Whether the report was about one of the member's photos rather than the profile. */
    about_photo: z.boolean(),
    reason: z.string(),
    message: z.string(),
    status: z.string(),
    at: iso,
  }),
);

/** complaints.json: the complaints the member sent while logged in, as they wrote them. */
export const ZExportComplaints = z.array(
  z.strictObject({
    name: z.string(),
    email: z.string(),
    topic: z.string(),
    message: z.string(),
    locale: z.string(),
    status: z.string(),
    at: iso,
  }),
);

/** Bank details the member gave for a direct debit (spec §3 Direct debit). */
const bankDetails = z.strictObject({
  account_holder: z.string(),
  iban: z.string(),
  street: z.string(),
  house_number: z.string(),
  zip: z.string(),
  city: z.string(),
  phone: z.string(),
  reference: z.string(),
});

/**
 * direct_debit.json: the direct debit forms the member filled in, while they are stored (never the SMS code's hash),
 * and the signed direct debit mandates with their bank details until the retention job drops them (null then).
 */
export const ZExportDirectDebit = z.strictObject({
  requests: z.array(
    z.strictObject({
      details: bankDetails,
      package_id: z.number().int(),
      /** The payment it started once the SMS code was entered (see payments.json). */
      payment_id: z.string().nullable(),
      created_at: iso,
      expires_at: iso,
    }),
  ),
  mandates: z.array(
    z.strictObject({ label: z.string(), details: bankDetails.nullable(), created_at: iso, revoked_at: iso.nullable() }),
  ),
});

/** The JSON files of the archive and their schemas (README.txt describes each by this name). */
export const DATA_EXPORT_FILES = {
  'account.json': ZExportAccount,
  'profile.json': ZExportProfile,
  'consents.json': ZExportConsents,
  'likes.json': ZExportLikes,
  'blocks.json': ZExportBlocks,
  'conversations.json': ZExportConversations,
  'payments.json': ZExportPayments,
  'credit_ledger.json': ZExportLedger,
  'sessions.json': ZExportSessions,
  'notifications.json': ZExportNotifications,
  'reports.json': ZExportReports,
  'complaints.json': ZExportComplaints,
  'direct_debit.json': ZExportDirectDebit,
} as const;

export type TDataExportFile = keyof typeof DATA_EXPORT_FILES;
export type TDataExportContents = { [K in TDataExportFile]: z.input<(typeof DATA_EXPORT_FILES)[K]> };

/** "Download my data": the newest export, a new request, and the download of a ready archive. */
export const dataExportApi = {
  latest: defineEndpoint({
    method: 'GET',
    path: '/api/data-export.php',
    tags: ['privacy'],
    summary: "The member's newest data export and its state",
    response: ZDataExportResponse,
  }),
  request: defineEndpoint({
    method: 'POST',
    path: '/api/data-export.php',
    tags: ['privacy'],
    summary: 'Ask for an archive of all my data (one at a time, 3 a day); an email says when it is ready',
    response: ZDataExportResponse,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/data-export-download.php',
    tags: ['privacy'],
    summary: 'Download a ready data archive (ZIP); 404 unless it is mine and not expired',
    query: ZDataExportDownloadQuery,
    response: 'file',
  }),
};
