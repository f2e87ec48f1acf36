import type { FastifyInstance } from 'fastify';
import { adminMembersApi } from '#common/wire/admin/members.ts';
import { adminPaymentsApi } from '#common/wire/admin/payments.ts';
import { route } from '#server/lib/route.ts';
import { assertSiteAccess, requireStaff } from '#server/plugins/staff-auth.ts';
import type { TServices } from '#server/services.ts';
import { isoDates } from './iso-dates.ts';

type TDeps = { services: Pick<TServices, 'memberAdmin' | 'memberActions' | 'paymentAdmin'> };

/** The console's members and payments (issue 30): look-up, a member's page, staff actions, payments. */
export async function memberAdminRoutes(app: FastifyInstance, { services }: TDeps) {
  const { memberAdmin, memberActions, paymentAdmin } = services;

  /** The staff member, after checking they may see the member's site (403 otherwise, 404 for no such member). */
  async function staffOnMember(request: Parameters<typeof requireStaff>[0], userId: number) {
    const staff = requireStaff(request);
    assertSiteAccess(staff, await memberAdmin.siteOf(userId));
    return staff;
  }

  /** The staff member, after checking they may see the payment's site. */
  async function staffOnPayment(request: Parameters<typeof requireStaff>[0], paymentId: string) {
    const staff = requireStaff(request);
    assertSiteAccess(staff, (await memberAdmin.ownerOfPayment(paymentId)).siteId);
    return staff;
  }

  route(app, adminMembersApi.search, {}, async (request) =>
    isoDates(await memberAdmin.search(requireStaff(request), request.query)),
  );
  route(app, adminMembersApi.file, {}, async (request) => {
    const staff = await staffOnMember(request, request.query.userId);
    return isoDates(await memberAdmin.memberFile(staff, request.query.userId));
  });
  route(app, adminMembersApi.list, {}, async (request) => {
    const staff = await staffOnMember(request, request.query.userId);
    return isoDates(await memberAdmin.memberList(staff, request.query));
  });
  route(app, adminMembersApi.resendActivation, {}, async (request) => {
    await memberActions.resendActivation(await staffOnMember(request, request.body.userId), request.body.userId);
  });
  route(app, adminMembersApi.sendResetLink, {}, async (request) => {
    await memberActions.sendResetLink(await staffOnMember(request, request.body.userId), request.body.userId);
  });
  route(app, adminMembersApi.endSessions, {}, async (request) => {
    await memberActions.endSessions(await staffOnMember(request, request.body.userId), request.body.userId);
  });
  route(app, adminMembersApi.adjustCredits, {}, async (request) => {
    const { userId, delta, reason } = request.body;
    await memberActions.adjustCredits(await staffOnMember(request, userId), userId, { delta, reason });
  });
  route(app, adminMembersApi.liftDirectDebitBlock, {}, async (request) => {
    await memberActions.liftDirectDebitBlock(await staffOnMember(request, request.body.userId), request.body.userId);
  });
  route(app, adminMembersApi.setInvisible, {}, async (request) => {
    const { userId, invisible } = request.body;
    await memberActions.setInvisible(await staffOnMember(request, userId), userId, invisible);
  });
  route(app, adminMembersApi.unhideProfile, {}, async (request) => {
    await memberActions.unhideProfile(await staffOnMember(request, request.body.userId), request.body.userId);
  });
  route(app, adminMembersApi.delete, {}, async (request) => {
    const { userId, reason } = request.body;
    await memberActions.deleteMember(await staffOnMember(request, userId), userId, { reason });
  });

  route(app, adminPaymentsApi.list, {}, async (request) =>
    isoDates(await paymentAdmin.list(requireStaff(request), request.query)),
  );
  route(app, adminPaymentsApi.detail, {}, async (request) => {
    const staff = await staffOnPayment(request, request.query.paymentId);
    return isoDates(await paymentAdmin.detail(staff, request.query.paymentId));
  });
  route(app, adminPaymentsApi.refund, {}, async (request) => {
    const staff = await staffOnPayment(request, request.body.paymentId);
    return { status: (await paymentAdmin.refund(staff, request.body.paymentId)).status };
  });
  route(app, adminPaymentsApi.decide, {}, async (request) => {
    const { paymentId, decision } = request.body;
    const staff = await staffOnPayment(request, paymentId);
    return { status: (await paymentAdmin.decide(staff, paymentId, decision)).status };
  });
}
