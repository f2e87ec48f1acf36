import { z } from 'zod';
import { zText } from './text.ts';

/** Why staff acted against a member or content: the category of the statement of reasons (EU DSA Art. 17). */
export const MODERATION_REASONS = [
  'fake_profile',
  'inappropriate_content',
  'harassment',
  'spam_scam',
  'underage',
  'illegal_content',
  'terms_violation',
  'other',
] as const;
export type TModerationReason = (typeof MODERATION_REASONS)[number];

/** What staff may decide on a report. */
export const REPORT_ACTIONS = ['dismiss', 'warn', 'remove_photo', 'hide_profile', 'suspend', 'ban'] as const;
export type TReportAction = (typeof REPORT_ACTIONS)[number];

/** A report waits (`open`) until staff decided it. */
export const REPORT_STATUSES = ['open', 'decided'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

/** A photo is `live`, or `pending` under pre-moderation (only its owner sees it, marked "in review"). */
export const PHOTO_STATUSES = ['live', 'pending'] as const;
export type TPhotoStatus = (typeof PHOTO_STATUSES)[number];

/** Per-site photo moderation: `pre` (new photos wait for staff) or `post` (live at once, queued for review). */
export const PHOTO_MODERATION_MODES = ['pre', 'post'] as const;
export type TPhotoModeration = (typeof PHOTO_MODERATION_MODES)[number];

/** Complaint inbox states. */
export const COMPLAINT_STATUSES = ['open', 'answered', 'closed'] as const;
export type TComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** Longest free text staff add to a decision (shown to the member in the statement of reasons). */
export const MODERATION_NOTE_MAX = 2000;
/** Longest answer to a complaint. */
export const COMPLAINT_REPLY_MAX = 5000;
/** Most reported messages one report may name. */
export const REPORTED_MESSAGES_MAX = 20;

/** The reported profile as it was at report time: what staff judge, whatever the member changed since. */
export const ZReportSnapshot = z.object({
  name: z.string(),
  gender: z.string(),
  birthDate: z.string(),
  country: z.string(),
  city: z.string(),
  aboutMe: z.string(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  interests: z.array(z.string()),
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
});
export type TReportSnapshot = z.infer<typeof ZReportSnapshot>;

/** A staff decision on a report: the action, its reason category and note, and for a suspension its end. */
export const ZReportDecision = z
  .object({
    reportId: z.number().int().positive(),
    action: z.enum(REPORT_ACTIONS),
    reason: z.enum(MODERATION_REASONS),
    note: zText().trim().max(MODERATION_NOTE_MAX).default(''),
    /** For `suspend`: when the suspension ends (must be in the future). */
    until: z.coerce.date().optional(),
    /** For `remove_photo`: which photo (defaults to the reported one). */
    photoId: z.uuid().optional(),
  })
  .refine((d) => d.action !== 'suspend' || d.until !== undefined, { path: ['until'], message: 'required' });
export type TReportDecision = z.input<typeof ZReportDecision>;
