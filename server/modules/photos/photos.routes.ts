import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PHOTO_MAX_BYTES } from '../../../common/photos.ts';
import { ZArrangePhotosRequest, ZDeletePhotoRequest, ZPhotosResponse } from '../../../common/wire/photos.ts';
import { readUploadedPhoto } from './uploaded-photo.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

/** The logged-in member as the photo service needs them. */
function member(request: FastifyRequest) {
  const user = requireUser(request);
  return { profileId: user.profile.id, isPremium: user.paid_user, cdnPrefix: request.site.cdnPrefix };
}

/** A member's own photos (spec §2 profile settings with images overview): list, upload, delete, main, order. */
export async function photosRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/photos.php',
    { schema: { tags: ['photos'], summary: 'My photos and my upload limit', response: { 200: ZPhotosResponse } } },
    async (request) => {
      const m = member(request);
      return services.photos.mine(m.profileId, m.cdnPrefix, m.isPremium);
    },
  );
  r.post(
    '/api/photos.php',
    {
      schema: {
        tags: ['photos'],
        summary: 'Upload a photo (multipart field "photo"); type is detected from the bytes',
        consumes: ['multipart/form-data'],
        response: { 201: ZPhotosResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const m = member(request);
      const { bytes } = await readUploadedPhoto(request);
      return reply.status(201).send(await services.photos.upload(m, bytes));
    },
  );
  r.patch(
    '/api/photos.php',
    {
      schema: {
        tags: ['photos'],
        summary: 'Choose the main photo and/or the order of my photos',
        body: ZArrangePhotosRequest,
        response: { 200: ZPhotosResponse },
      },
    },
    async (request) =>
      services.photos.arrange(member(request), {
        mainPhotoId: request.body.main_photo_id,
        order: request.body.order,
      }),
  );
  r.delete(
    '/api/photos.php',
    {
      schema: {
        tags: ['photos'],
        summary: 'Delete one of my photos',
        body: ZDeletePhotoRequest,
        response: { 200: ZPhotosResponse },
      },
    },
    async (request) => services.photos.remove(member(request), request.body.photo_id),
  );
}
