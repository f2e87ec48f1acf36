import type { FastifyInstance } from 'fastify';
import { adminModerationApi, MODERATION_PAGE } from '#common/wire/admin/moderation.ts';
import { AppError } from '#server/lib/app-error.ts';
import { route } from '#server/lib/route.ts';
import { assertSiteAccess, requireStaff, staffSiteFilter } from '#server/plugins/staff-auth.ts';
import type { TStaffActor } from '#common/staff.ts';
import type { TServices } from '#server/services.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const page = (n: number) => ({ limit: MODERATION_PAGE, offset: n * MODERATION_PAGE });

/** Checks the staff member may act on a thing's site; an unknown thing is 404, a thing of no site is for all-site staff. */
function assertThingSite(
  staff: TStaffActor,
  siteId: number | null | undefined,
  missing: 'not_found' | 'photo_not_found',
) {
  if (siteId === undefined) throw new AppError(missing);
  if (siteId === null) {
    if (staff.siteIds !== null) throw new AppError('forbidden');
    return;
  }
  assertSiteAccess(staff, siteId);
}

/** The console's moderation endpoints (moderators): reports queue, photo review, complaints inbox, bans. */
export async function moderationRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'moderation'> },
) {
  const { reportQueue, photoReview, complaintsInbox, bans } = services.moderation;

  route(app, adminModerationApi.reports, {}, async (request) => {
    const { status, reason, siteId, page: n } = request.query;
    const siteIds = staffSiteFilter(requireStaff(request), siteId);
    const { rows, total } = await reportQueue.list({ status, reason, siteIds, ...page(n) });
    return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
  });

  route(app, adminModerationApi.report, {}, async (request) => {
    const staff = requireStaff(request);
    const found = await reportQueue.evidence(request.query.reportId);
    assertThingSite(staff, found?.report.siteId, 'not_found');
    const { report, photo, messages } = found!;
    return {
      report: {
        ...report,
        createdAt: report.createdAt.toISOString(),
        decidedAt: iso(report.decidedAt),
      },
      photo: photo ?? null,
      messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    };
  });

  route(app, adminModerationApi.decide, {}, async (request) => {
    const staff = requireStaff(request);
    assertThingSite(staff, await reportQueue.siteOf(request.body.reportId), 'not_found');
    await reportQueue.decide(request.body, staff.id);
  });

  route(app, adminModerationApi.photos, {}, async (request) => {
    const { siteId, pendingOnly, page: n } = request.query;
    const siteIds = staffSiteFilter(requireStaff(request), siteId);
    const { rows, total } = await photoReview.list({ siteIds, pendingOnly, ...page(n) });
    return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
  });

  route(app, adminModerationApi.approvePhoto, {}, async (request) => {
    const staff = requireStaff(request);
    assertThingSite(staff, await photoReview.siteOf(request.body.photoId), 'photo_not_found');
    await photoReview.approve(request.body.photoId, staff.id);
  });

  route(app, adminModerationApi.rejectPhoto, {}, async (request) => {
    const staff = requireStaff(request);
    const { photoId, reason, note } = request.body;
    assertThingSite(staff, await photoReview.siteOf(photoId), 'photo_not_found');
    await photoReview.reject(photoId, staff.id, { reason, note });
  });

  route(app, adminModerationApi.complaints, {}, async (request) => {
    const { status, siteId, page: n } = request.query;
    const siteIds = staffSiteFilter(requireStaff(request), siteId);
    const { rows, total } = await complaintsInbox.list({ status, siteIds, ...page(n) });
    return {
      rows: rows.map((c) => ({ ...c, createdAt: c.createdAt.toISOString(), repliedAt: iso(c.repliedAt) })),
      total,
    };
  });

  route(app, adminModerationApi.replyComplaint, {}, async (request) => {
    const staff = requireStaff(request);
    assertThingSite(staff, (await complaintsInbox.get(request.body.complaintId))?.siteId, 'not_found');
    await complaintsInbox.reply(request.body.complaintId, request.body.reply, staff.id);
  });

  route(app, adminModerationApi.complaintStatus, {}, async (request) => {
    const staff = requireStaff(request);
    assertThingSite(staff, (await complaintsInbox.get(request.body.complaintId))?.siteId, 'not_found');
    await complaintsInbox.setStatus(request.body.complaintId, request.body.status, staff.id);
  });

  route(app, adminModerationApi.ban, {}, async (request) => {
    const staff = requireStaff(request);
    const { userId, reason, note, until } = request.body;
    assertThingSite(staff, await bans.siteOf(userId), 'not_found');
    if (until) await bans.suspend({ userId, staffId: staff.id, reason, note, until });
    else await bans.ban({ userId, staffId: staff.id, reason, note });
  });

  route(app, adminModerationApi.unban, {}, async (request) => {
    const staff = requireStaff(request);
    assertThingSite(staff, await bans.siteOf(request.body.userId), 'not_found');
    await bans.lift({ userId: request.body.userId, staffId: staff.id, note: request.body.note });
  });
}
