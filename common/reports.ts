import { z } from 'zod';
import { zText } from './text.ts';
import { ZEmail } from './accounts.ts';
import { REPORTED_MESSAGES_MAX } from './moderation.ts';

/** Why a member reports a profile or photo ('report a profile or a photo with a reason'). */
export const REPORT_REASONS = [
  'fake_profile',
  'inappropriate_photo',
  'harassment',
  'spam_scam',
  'underage',
  'other',
] as const;

export type TReportReason = (typeof REPORT_REASONS)[number];

/** What a complaint is about (the `/complaints` form that reaches support). */
export const COMPLAINT_TOPICS = ['billing', 'account', 'content', 'privacy', 'other'] as const;

export type TComplaintTopic = (typeof COMPLAINT_TOPICS)[number];

/** Longest optional note with a report (spec §5 'other bounds: not shown'; chosen here). */
export const REPORT_MESSAGE_MAX = 1000;
/** Longest complaint text (spec §5 'other bounds: not shown'; chosen here). */
export const COMPLAINT_MESSAGE_MAX = 5000;
/** Shortest complaint text, so support gets enough to act on (spec §5 'other bounds: not shown'). */
export const COMPLAINT_MESSAGE_MIN = 10;
/** Longest complainant name (spec §5 'other bounds: not shown'; chosen here). */
export const COMPLAINT_NAME_MAX = 100;
/** Complaints one IP address may send per hour (rate limit). */
export const COMPLAINTS_PER_HOUR = 5;
/** Reports one member may send per hour (rate limit). */
export const REPORTS_PER_HOUR = 30;

/** `POST /api/report.php`: report a profile, or one of its photos, with a reason; messages are catalogue keys. */
export const ZReportRequest = z.object({
  profile_id: z.number().int().positive(),
  photo_id: z.uuid().nullish(),
  reason: z.enum(REPORT_REASONS, 'reports.errors.choose_reason'),
  message: zText().trim().max(REPORT_MESSAGE_MAX, 'reports.errors.message_too_long').default(''),
  /** The reported messages, when the report comes from a conversation: only these are shown to moderators. */
  message_ids: z.array(z.number().int().positive()).max(REPORTED_MESSAGES_MAX).optional(),
});

export type TReportRequest = z.input<typeof ZReportRequest>;

/** `POST /api/complaint.php`: the complaint form; messages are catalogue keys. */
export const ZComplaintRequest = z.object({
  name: zText()
    .trim()
    .min(1, 'complaints.errors.name_required')
    .max(COMPLAINT_NAME_MAX, 'complaints.errors.name_too_long'),
  email: ZEmail,
  topic: z.enum(COMPLAINT_TOPICS, 'complaints.errors.choose_topic'),
  message: zText()
    .trim()
    .min(COMPLAINT_MESSAGE_MIN, 'complaints.errors.message_length')
    .max(COMPLAINT_MESSAGE_MAX, 'complaints.errors.message_length'),
});

export type TComplaintRequest = z.input<typeof ZComplaintRequest>;

/** `201` answer of `POST /api/complaint.php`: the complaint number. */
export const ZComplaintResponse = z.object({ id: z.number().int() });
export type TComplaintResponse = z.infer<typeof ZComplaintResponse>;
