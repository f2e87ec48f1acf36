import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { PHOTO_MAX_BYTES } from '#common/photos.ts';
import { fictionalProfilesApi } from '#common/wire/admin/fictional-profiles.ts';
import { hostsApi } from '#common/wire/admin/hosts.ts';
import { route } from '#server/lib/route.ts';
import { requireStaff } from '#server/plugins/staff-auth.ts';
import type { TServices } from '#server/services.ts';
import { readUploadedPhoto } from '../photos/uploaded-photo.ts';

/** Hosts' console (issue 30): the inbox, leases, replies as fictional profiles, and the fictional profiles. */
export async function hostsRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'hosts' | 'fictionalProfiles'> },
) {
  const { hosts, fictionalProfiles: profiles } = services;
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  route(app, hostsApi.inbox, {}, async (request) => hosts.inbox(requireStaff(request), request.query));
  route(app, hostsApi.figures, {}, async (request) => hosts.figures(requireStaff(request)));
  route(app, hostsApi.conversation, {}, async (request) => hosts.conversation(requireStaff(request), request.query));
  route(app, hostsApi.claim, {}, async (request) => hosts.claim(requireStaff(request), request.body.chatId));
  route(app, hostsApi.next, {}, async (request) => hosts.next(requireStaff(request), request.body.siteId));
  route(app, hostsApi.release, {}, async (request) => hosts.release(requireStaff(request), request.body.chatId));
  route(app, hostsApi.reply, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request) =>
    hosts.reply(requireStaff(request), request.body),
  );

  route(app, fictionalProfilesApi.profiles, {}, async (request) => profiles.list(requireStaff(request), request.query));
  route(app, fictionalProfilesApi.profile, {}, async (request) =>
    profiles.get(requireStaff(request), request.query.profileId),
  );
  route(app, fictionalProfilesApi.createProfile, {}, async (request) =>
    profiles.create(requireStaff(request), request.body),
  );
  route(app, fictionalProfilesApi.updateProfile, {}, async (request) =>
    profiles.update(requireStaff(request), request.body),
  );
  route(app, fictionalProfilesApi.hideProfile, {}, async (request) =>
    profiles.hide(requireStaff(request), request.body),
  );
  route(
    app,
    fictionalProfilesApi.uploadPhoto,
    { config: { rateLimit: { max: 60, timeWindow: '10 minutes' } } },
    async (request) => {
      const staff = requireStaff(request);
      // The site is checked before the file is read: another site's staff never get to upload anything.
      await profiles.get(staff, request.query.profileId);
      const { bytes } = await readUploadedPhoto(request);
      return profiles.uploadPhoto(staff, request.query.profileId, bytes);
    },
  );
  route(app, fictionalProfilesApi.photo, {}, async (request) =>
    profiles.changePhoto(requireStaff(request), request.body),
  );
}
