import { z } from 'zod';
import { BROADCAST_KINDS, ZBroadcastMessages } from '#common/broadcast.ts';
import { defineEndpoint } from '#common/endpoint.ts';
import { LOCALES } from '#common/locales.ts';
import type { TStaffAccess } from '#common/staff.ts';

/** Who runs operations (issue 30, "Jobs"): admins and support (owners always). */
const OPS: TStaffAccess = { roles: ['admin', 'support'] };

/** Failed jobs a page of the console lists. */
export const FAILED_JOBS_PAGE = 25;

const ZSiteId = z.coerce.number().int().positive();

export const ZQueueDepth = z.object({
  kind: z.string(),
  due: z.number(),
  running: z.number(),
  retrying: z.number(),
  scheduled: z.number(),
  failed: z.number(),
});
export type TQueueDepth = z.infer<typeof ZQueueDepth>;

/** A failed job as the console shows it: its reason, never its payload. */
export const ZFailedJob = z.object({
  id: z.number(),
  kind: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  failedAt: z.string(),
  createdAt: z.string(),
  userId: z.number().nullable(),
  siteId: z.number().nullable(),
  /** False for kinds whose payload was scrubbed when they failed (an email's link): resend from the member instead. */
  retryable: z.boolean(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZSendCount = z.object({
  kind: z.string(),
  channel: z.string(),
  status: z.string(),
  last7: z.number(),
  last30: z.number(),
});
export type TSendCount = z.infer<typeof ZSendCount>;

export const ZBroadcastPreview = z.object({
  locale: z.enum(LOCALES),
  textLocale: z.enum(LOCALES),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type TBroadcastPreview = z.infer<typeof ZBroadcastPreview>;

const ZBroadcastRequest = z.object({
  siteId: z.number().int().positive(),
  kind: z.enum(BROADCAST_KINDS),
  messages: ZBroadcastMessages,
});
export type TBroadcastRequest = z.infer<typeof ZBroadcastRequest>;

/** The console's operations: queues, failed jobs, notification sends, broadcasts. */
export const adminOpsApi = {
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/admin/ops/queue',
    tags: ['console'],
    summary: 'Jobs per kind: due, running, retrying, scheduled, failed (30 days)',
    query: z.object({ siteId: ZSiteId.optional() }),
    response: z.object({ kinds: z.array(ZQueueDepth) }),
    staff: OPS,
  }),
  failed: defineEndpoint({
    method: 'GET',
    path: '/api/admin/ops/failed',
    tags: ['console'],
    summary: 'Failed jobs, newest first, with their reason (never their payload)',
    query: z.object({
      siteId: ZSiteId.optional(),
      kind: z.string().max(60).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
    }),
    response: z.object({ jobs: z.array(ZFailedJob), total: z.number(), pageSize: z.number() }),
    staff: OPS,
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/admin/ops/retry',
    tags: ['console'],
    summary: 'Put a failed job back in the queue (audited)',
    body: z.object({ jobId: z.number().int().positive() }),
    response: null,
    staff: OPS,
  }),
  sends: defineEndpoint({
    method: 'GET',
    path: '/api/admin/ops/sends',
    tags: ['console'],
    summary: 'Notification sends per kind, channel and status, last 7 and 30 days',
    query: z.object({ siteId: ZSiteId.optional() }),
    response: z.object({ sends: z.array(ZSendCount) }),
    staff: OPS,
  }),
  audience: defineEndpoint({
    method: 'GET',
    path: '/api/admin/ops/audience',
    tags: ['console'],
    summary: 'Members a broadcast would reach on a site (consented to the kind), per locale',
    query: z.object({ siteId: ZSiteId, kind: z.enum(BROADCAST_KINDS) }),
    response: z.object({
      total: z.number(),
      perLocale: z.array(z.object({ locale: z.string(), members: z.number() })),
    }),
    staff: OPS,
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/admin/ops/preview',
    tags: ['console'],
    summary: "A broadcast's email per locale, as members of that locale would get it (changes nothing)",
    body: ZBroadcastRequest,
    response: z.object({ previews: z.array(ZBroadcastPreview) }),
    staff: OPS,
  }),
  broadcast: defineEndpoint({
    method: 'POST',
    path: '/api/admin/ops/broadcast',
    tags: ['console'],
    summary: 'Send a promotion or news item to the consenting members of a site (audited)',
    body: ZBroadcastRequest,
    response: z.object({ broadcast: z.string(), recipients: z.number() }),
    staff: OPS,
  }),
};
