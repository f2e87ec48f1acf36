import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  PHOTO_VARIANT_FORMATS,
  PHOTO_WIDTHS,
  photoBase,
  photoFileUrl,
  photoJpegUrls,
  THUMB_SIDES,
} from '#common/photo-variants.ts';
import type { TProcessedPhoto } from './photo-processing.ts';
import type { TVariantFile } from './photo-variants.ts';

/** Folder of full photos, served under /media/. */
export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** Folder of blurred photos, served under /cdn/ (spec §7: censored images use the /cdn/ prefix). */
export function censoredDir(dataDir: string): string {
  return path.join(dataDir, 'cdn');
}

/** A new unguessable file name (128 random bits). */
export function newFileKey(): string {
  return randomBytes(16).toString('hex');
}

export interface TPhotoKeys {
  fileKey: string;
  censoredKey: string | null;
}

/** Public URLs of a stored photo, full or censored, prefixed with the site's CDN prefix. */
export function photoUrls(keys: TPhotoKeys, cdnPrefix: string, censored: boolean) {
  if (censored && keys.censoredKey) return photoJpegUrls(photoBase(cdnPrefix, 'cdn', keys.censoredKey));
  return photoJpegUrls(photoBase(cdnPrefix, 'media', keys.fileKey));
}

/** File names of every responsive variant a photo under `key` may have (the removal deletes whichever exist). */
function variantNames(key: string): string[] {
  return PHOTO_VARIANT_FORMATS.flatMap((format) => [
    ...(format === 'jpg' ? [] : [photoFileUrl(key, { kind: 'main' }, format)]),
    ...PHOTO_WIDTHS.map((width) => photoFileUrl(key, { kind: 'main', width }, format)),
    ...THUMB_SIDES.map((side) => photoFileUrl(key, { kind: 'thumb', side }, format)),
  ]);
}

/** Writes variant files under `dir` with the names the web builds from the photo's key. */
async function writeVariants(dir: string, key: string, variants: readonly TVariantFile[]): Promise<void> {
  await Promise.all(variants.map((v) => fs.writeFile(path.join(dir, photoFileUrl(key, v.file, v.format)), v.data)));
}

/** Local-disk photo storage (ARCHITECTURE §6: S3-compatible storage behind the CDN replaces it when scaling out). */
export function createPhotoStore(dataDir: string) {
  const media = mediaDir(dataDir);
  const cdn = censoredDir(dataDir);
  const files = (keys: TPhotoKeys) => [
    path.join(media, `${keys.fileKey}.jpg`),
    path.join(media, `${keys.fileKey}_thumb.jpg`),
    ...(keys.censoredKey
      ? [path.join(cdn, `${keys.censoredKey}.jpg`), path.join(cdn, `${keys.censoredKey}_thumb.jpg`)]
      : []),
  ];
  const variantFiles = (keys: TPhotoKeys) => [
    ...variantNames(keys.fileKey).map((name) => path.join(media, name)),
    ...(keys.censoredKey ? variantNames(keys.censoredKey).map((name) => path.join(cdn, name)) : []),
  ];
  return {
    /** Writes the four JPEGs and the responsive variants under fresh random names and returns the names. */
    async save(photo: TProcessedPhoto): Promise<TPhotoKeys> {
      const keys = { fileKey: newFileKey(), censoredKey: newFileKey() };
      await Promise.all([fs.mkdir(media, { recursive: true }), fs.mkdir(cdn, { recursive: true })]);
      const [main, thumb, censored, censoredThumb] = files(keys);
      try {
        await Promise.all([
          fs.writeFile(main, photo.main),
          fs.writeFile(thumb, photo.thumb),
          fs.writeFile(censored, photo.censored),
          fs.writeFile(censoredThumb, photo.censoredThumb),
          writeVariants(media, keys.fileKey, photo.variants),
          writeVariants(cdn, keys.censoredKey, photo.censoredVariants),
        ]);
      } catch (error) {
        await this.remove(keys);
        throw error;
      }
      return keys;
    },
    /** Stores a chat photo: main and thumbnail only (only the two members of the conversation see it). */
    async saveAttachment(photo: Pick<TProcessedPhoto, 'main' | 'thumb'>): Promise<string> {
      const key = newFileKey();
      await fs.mkdir(media, { recursive: true });
      const [main, thumb] = files({ fileKey: key, censoredKey: null });
      try {
        await Promise.all([fs.writeFile(main, photo.main), fs.writeFile(thumb, photo.thumb)]);
      } catch (error) {
        await this.removeAttachment(key);
        throw error;
      }
      return key;
    },
    /** Copies one of a member's profile photos into a chat photo, so deleting the profile photo keeps the message. */
    async copyAttachment(fileKey: string): Promise<string> {
      const key = newFileKey();
      const [from, fromThumb] = files({ fileKey, censoredKey: null });
      const [to, toThumb] = files({ fileKey: key, censoredKey: null });
      try {
        await Promise.all([fs.copyFile(from, to), fs.copyFile(fromThumb, toThumb)]);
      } catch (error) {
        await this.removeAttachment(key);
        throw error;
      }
      return key;
    },
    /** Deletes a chat photo's files. */
    async removeAttachment(key: string): Promise<void> {
      await this.remove({ fileKey: key, censoredKey: null });
    },
    /** The stored main JPEGs of a photo (sharp and blurred), from which the backfill makes the variants. */
    async readMains(keys: TPhotoKeys): Promise<{ main: Buffer; censored: Buffer | null }> {
      const [main, , censored] = files(keys);
      return { main: await fs.readFile(main), censored: censored ? await fs.readFile(censored) : null };
    },
    /** Writes the responsive variants of an existing photo (the backfill); files already there are overwritten. */
    async saveVariants(keys: TPhotoKeys, variants: { sharp: TVariantFile[]; censored: TVariantFile[] }) {
      await writeVariants(media, keys.fileKey, variants.sharp);
      if (keys.censoredKey) await writeVariants(cdn, keys.censoredKey, variants.censored);
    },
    /** Deletes every file of a photo, its responsive variants included; missing files are fine. */
    async remove(keys: TPhotoKeys): Promise<void> {
      await Promise.all([...files(keys), ...variantFiles(keys)].map((f) => fs.rm(f, { force: true })));
    },
  };
}

export type TPhotoStore = ReturnType<typeof createPhotoStore>;
