import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { photoTooLarge } from './photo-processing.ts';

/** Maps a failure while reading a multipart body to the answer the client gets. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') return photoTooLarge();
  // Everything else comes from the body itself (no boundary, a form cut short, too many parts): the client's error.
  return new AppError('invalid_request');
}

/**
 * Reads the one file of a multipart upload (with the form fields sent before it) into memory: photo_too_large when it
 * is over the route's `fileSize` limit, never a silently truncated file; invalid_request when the body is not a
 * well-formed form.
 */
export async function readUploadedPhoto(request: FastifyRequest): Promise<{ file: MultipartFile; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('invalid_request');
  try {
    const file = await request.file();
    if (!file) throw new AppError('invalid_request');
    const bytes = await file.toBuffer();
    // toBuffer() only notices the cut when a piece of the file arrives after it; when the limit falls exactly on a
    // piece boundary (clients send 64 KiB writes; 15 MiB is 240 of them) it returns the first 15 MiB as if complete.
    if (file.file.truncated) throw photoTooLarge();
    return { file, bytes };
  } catch (err) {
    throw uploadError(err);
  }
}
