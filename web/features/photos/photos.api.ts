import { photosApi, type TArrangePhotosRequest, type TPhotosResponse } from '#common/wire/photos.ts';
import { api } from '#web/lib/api.ts';
import { uploadFile } from './upload-photo.ts';

/** The member's own photos and upload limit. */
export function fetchPhotos(): Promise<TPhotosResponse> {
  return api.call(photosApi.list);
}

/** Uploads one photo to the member's own profile, reporting upload progress (0–1). */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<TPhotosResponse> {
  return uploadFile(photosApi.upload, { file, onProgress });
}

/** Chooses the main photo or reorders the photos. */
export function arrangePhotos(body: TArrangePhotosRequest): Promise<TPhotosResponse> {
  return api.call(photosApi.arrange, body);
}

/** Deletes one of the member's photos. */
export function deletePhoto(photoId: string): Promise<TPhotosResponse> {
  return api.call(photosApi.remove, { photo_id: photoId });
}
