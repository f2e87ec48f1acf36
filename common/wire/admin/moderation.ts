import { z } from 'zod';
import { defineEndpoint } from '#common/endpoint.ts';
import {
  COMPLAINT_REPLY_MAX,
  COMPLAINT_STATUSES,
  MODERATION_NOTE_MAX,
  MODERATION_REASONS,
  REPORT_STATUSES,
  ZReportDecision,
  ZReportSnapshot,
} from '#common/moderation.ts';
import { REPORT_REASONS } from '#common/reports.ts';

/** Lines of a console list page. */
export const MODERATION_PAGE = 50;

const ZPage = z.coerce.number().int().min(0).max(10_000).default(0);
const ZSiteId = z.coerce.number().int().positive().optional();
const ZNote = z.string().trim().max(MODERATION_NOTE_MAX).default('');
const moderator = { roles: ['moderator' as const] };

export const ZReportLine = z.object({
  id: z.number(),
  createdAt: z.string(),
  siteId: z.number().nullable(),
  reason: z.string(),
  message: z.string(),
  status: z.string(),
  decision: z.string().nullable(),
  profileId: z.number(),
  profileName: z.string(),
  isFictional: z.boolean(),
  photoId: z.string().nullable(),
  messageCount: z.number(),
  reporterProfileId: z.number(),
  reporterName: z.string(),
});
export type TReportLine = z.infer<typeof ZReportLine>;

export const ZReportEvidence = z.object({
  report: ZReportLine.omit({ profileName: true, isFictional: true, reporterName: true, messageCount: true }).extend({
    snapshot: ZReportSnapshot.nullable(),
    decisionNote: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  photo: z.object({ id: z.string(), filename: z.string(), thumb_filename: z.string() }).nullable(),
  messages: z.array(z.object({ id: z.number(), kind: z.string(), body: z.string(), createdAt: z.string() })),
});
export type TReportEvidence = z.infer<typeof ZReportEvidence>;

export const ZReviewPhoto = z.object({
  id: z.string(),
  status: z.string(),
  createdAt: z.string(),
  profileId: z.number(),
  profileName: z.string(),
  siteId: z.number(),
  filename: z.string(),
  thumb_filename: z.string(),
});
export type TReviewPhoto = z.infer<typeof ZReviewPhoto>;

export const ZComplaintLine = z.object({
  id: z.number(),
  siteId: z.number(),
  userId: z.number().nullable(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  message: z.string(),
  locale: z.string(),
  status: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TComplaintLine = z.infer<typeof ZComplaintLine>;

/** The console's moderation: reports queue, photo review, complaints inbox, bans (moderators). */
export const adminModerationApi = {
  reports: defineEndpoint({
    method: 'GET',
    path: '/api/admin/moderation/reports',
    tags: ['console'],
    summary: 'Reports queue, oldest first',
    query: z.object({
      status: z.enum(REPORT_STATUSES).default('open'),
      reason: z.enum(REPORT_REASONS).optional(),
      siteId: ZSiteId,
      page: ZPage,
    }),
    response: z.object({ rows: z.array(ZReportLine), total: z.number() }),
    staff: moderator,
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/api/admin/moderation/report',
    tags: ['console'],
    summary: 'A report with its evidence (snapshot, reported photo, reported messages only)',
    query: z.object({ reportId: z.coerce.number().int().positive() }),
    response: ZReportEvidence,
    staff: moderator,
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/admin/moderation/decide',
    tags: ['console'],
    summary: 'Decide a report: dismiss, warn, remove photo, hide profile, suspend, ban',
    body: ZReportDecision,
    response: null,
    staff: moderator,
  }),
  photos: defineEndpoint({
    method: 'GET',
    path: '/api/admin/moderation/photos',
    tags: ['console'],
    summary: 'Photos to review, oldest first',
    query: z.object({ siteId: ZSiteId, pendingOnly: z.stringbool().optional(), page: ZPage }),
    response: z.object({ rows: z.array(ZReviewPhoto), total: z.number() }),
    staff: moderator,
  }),
  approvePhoto: defineEndpoint({
    method: 'POST',
    path: '/api/admin/moderation/photo-approve',
    tags: ['console'],
    summary: 'Approve a photo',
    body: z.object({ photoId: z.uuid() }),
    response: null,
    staff: moderator,
  }),
  rejectPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/admin/moderation/photo-reject',
    tags: ['console'],
    summary: 'Reject a photo with a reason (removed; the member is told)',
    body: z.object({ photoId: z.uuid(), reason: z.enum(MODERATION_REASONS), note: ZNote }),
    response: null,
    staff: moderator,
  }),
  complaints: defineEndpoint({
    method: 'GET',
    path: '/api/admin/moderation/complaints',
    tags: ['console'],
    summary: 'Complaints inbox, oldest first',
    query: z.object({ status: z.enum(COMPLAINT_STATUSES).default('open'), siteId: ZSiteId, page: ZPage }),
    response: z.object({ rows: z.array(ZComplaintLine), total: z.number() }),
    staff: moderator,
  }),
  replyComplaint: defineEndpoint({
    method: 'POST',
    path: '/api/admin/moderation/complaint-reply',
    tags: ['console'],
    summary: 'Answer a complaint by email',
    body: z.object({
      complaintId: z.number().int().positive(),
      reply: z.string().trim().min(1).max(COMPLAINT_REPLY_MAX),
    }),
    response: null,
    staff: moderator,
  }),
  complaintStatus: defineEndpoint({
    method: 'POST',
    path: '/api/admin/moderation/complaint-status',
    tags: ['console'],
    summary: 'Close or reopen a complaint',
    body: z.object({ complaintId: z.number().int().positive(), status: z.enum(COMPLAINT_STATUSES) }),
    response: null,
    staff: moderator,
  }),
  ban: defineEndpoint({
    method: 'POST',
    path: '/api/admin/moderation/ban',
    tags: ['console'],
    summary: 'Ban a member (no until) or suspend them until a moment; logged out at once',
    body: z.object({
      userId: z.number().int().positive(),
      reason: z.enum(MODERATION_REASONS),
      note: ZNote,
      until: z.coerce.date().optional(),
    }),
    response: null,
    staff: moderator,
  }),
  unban: defineEndpoint({
    method: 'POST',
    path: '/api/admin/moderation/unban',
    tags: ['console'],
    summary: 'Lift a ban or suspension',
    body: z.object({ userId: z.number().int().positive(), note: ZNote }),
    response: null,
    staff: moderator,
  }),
};
