import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES } from '#common/photos.ts';
import { photosApi } from '#common/wire/photos.ts';
import { route } from '#server/lib/route.ts';
import { readUploadedPhoto } from './uploaded-photo.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

/** The logged-in member as the photo service needs them. */
function member(request: FastifyRequest) {
  const user = requireUser(request);
  const { cdnPrefix, photoModeration } = request.site;
  return { profileId: user.profile.id, isPremium: user.paid_user, cdnPrefix, photoModeration };
}

/** A member's own photos (spec §2 profile settings with images overview): list, upload, delete, main, order. */
export async function photosRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'photos'> }) {
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  route(app, photosApi.list, {}, async (request) => {
    const m = member(request);
    return services.photos.mine(m.profileId, m.cdnPrefix, m.isPremium);
  });
  route(app, photosApi.upload, { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } }, async (request) => {
    const m = member(request);
    const { bytes } = await readUploadedPhoto(request);
    return services.photos.upload(m, bytes);
  });
  route(app, photosApi.arrange, {}, async (request) =>
    services.photos.arrange(member(request), {
      mainPhotoId: request.body.main_photo_id,
      order: request.body.order,
    }),
  );
  route(app, photosApi.remove, {}, async (request) => services.photos.remove(member(request), request.body.photo_id));
}
