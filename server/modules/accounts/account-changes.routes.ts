import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDeleteAccountRequest,
  ZEmailRequest,
  ZInvisibleRequest,
  ZMailChangeRequest,
  ZPasswordChangeRequest,
  ZPasswordResetRequest,
  ZRetentionOffer,
  ZUserResponse,
} from '../../../common/wire/accounts.ts';
import { limitOperation } from '../../lib/rate-limit.ts';
import { requireUser, SESSION_COOKIE, setSessionCookie } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';
import { siteOrigin } from '../../lib/site-origin.ts';

/**
 * Password reset, password and email changes, invisible mode, deletion and reactivation emails. The emailed links'
 * pages (`/reset-password/do`, `/mail-change/do`, `/reactivate`) are web pages: a GET only shows, a form POST acts.
 */
export async function accountChangesRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, accountChanges } = services;
  const origin = (request: Parameters<typeof siteOrigin>[0]) => siteOrigin(request, services.config.publicUrl);

  const limit = (operation: Parameters<typeof limitOperation>[1]) => limitOperation(services.rateLimits, operation);

  r.post(
    '/api/password-reset.php',
    {
      preHandler: limit('password_reset_email'),
      schema: {
        tags: ['account'],
        summary: 'Email a password reset link',
        body: ZEmailRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await accountChanges.requestPasswordReset(request.site, request.body.email, origin(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/password-reset-do.php',
    {
      preHandler: limit('password_reset'),
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset link and log in',
        body: ZPasswordResetRequest,
        response: { 200: ZUserResponse },
      },
    },
    async (request, reply) => {
      const userId = await accountChanges.resetPassword(
        request.site,
        request.body.token,
        request.body.password,
        request.body.password_confirmation,
        origin(request),
      );
      const session = await accounts.startSessionFor(userId, {
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
        country: request.geoCountry,
      });
      setSessionCookie(request, reply, session);
      return { user: await accounts.userForSession(session.token, request.site.cdnPrefix) };
    },
  );

  r.put(
    '/api/password.php',
    {
      preHandler: limit('password_change'),
      schema: {
        tags: ['account'],
        summary: 'Change the password',
        body: ZPasswordChangeRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await accountChanges.changePassword(
        request.site,
        user.id,
        request.body,
        request.cookies[SESSION_COOKIE],
        origin(request),
      );
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/mail-change.php',
    {
      preHandler: limit('mail_change'),
      schema: {
        tags: ['account'],
        summary: 'Request an email change (with the current password)',
        body: ZMailChangeRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await accountChanges.requestEmailChange(request.site, user.id, request.body, origin(request));
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/invisible.php',
    {
      schema: {
        tags: ['account'],
        summary: 'Invisible mode on or off',
        body: ZInvisibleRequest,
        response: { 200: ZUserResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await accountChanges.setInvisible(user.id, request.body.invisible);
      return { user: await accounts.userForSession(request.cookies[SESSION_COOKIE], request.site.cdnPrefix) };
    },
  );

  r.post(
    '/api/retention-offer.php',
    {
      schema: {
        tags: ['account'],
        summary: "Claim the company's retention discount instead of deleting the account",
        response: { 200: ZRetentionOffer },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await accountChanges.claimRetentionOffer(request.site, user.id);
      return { code: row.code, value_percentage: row.valuePercentage, expires: row.expires.toISOString() };
    },
  );

  r.delete(
    '/api/user.php',
    {
      preHandler: limit('account_delete'),
      schema: {
        tags: ['account'],
        summary: 'Delete the account (14 days to reactivate)',
        body: ZDeleteAccountRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await accountChanges.deleteAccount(request.site, user.id, request.body, origin(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/reactivation.php',
    {
      preHandler: limit('reactivation_email'),
      schema: {
        tags: ['account'],
        summary: 'Email a reactivation link to a deleted account',
        body: ZEmailRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await accountChanges.requestReactivation(request.site, request.body.email, origin(request));
      return reply.status(204).send(null);
    },
  );
}
