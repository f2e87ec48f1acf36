import sharp, { type Metadata, type Sharp } from 'sharp';
import { PHOTO_FORMATS, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE } from '#common/photos.ts';
import { AppError } from '#server/lib/app-error.ts';
import { encodeVariants, type TVariantFile } from './photo-variants.ts';

/** Longest side of the main variant. */
const MAIN_SIDE = 1280;
/** Side of the square thumbnail. */
const THUMB_SIDE = 320;
/** The censored variant is shrunk to this width and scaled back up, which blurs it beyond recognition cheaply. */
const CENSOR_SIDE = 12;

/** The error for a file over the byte or pixel limit, naming both limits. */
export function photoTooLarge() {
  return new AppError('photo_too_large', {
    max_mb: PHOTO_MAX_BYTES / 1024 / 1024,
    max_mp: PHOTO_MAX_PIXELS / 1_000_000,
  });
}

export interface TProcessedPhoto {
  width: number;
  height: number;
  main: Buffer;
  thumb: Buffer;
  censored: Buffer;
  censoredThumb: Buffer;
  /** The responsive variants (issue 32) of the photo and of its blurred version; empty when not asked for. */
  variants: TVariantFile[];
  censoredVariants: TVariantFile[];
}

/** mozjpeg for the photos people look at (smaller files); the fast encoder for blurred variants, which compress
 * well anyway. */
const jpeg = (image: Sharp, quality = 82, mozjpeg = true) => image.jpeg({ quality, mozjpeg }).toBuffer();

/** Photos decoded at once per process; each may take a few hundred MB for a 50-megapixel image. */
const MAX_PROCESSING = 2;
/** Uploads allowed to wait for a slot; beyond that the upload is refused as temporarily unavailable. */
const MAX_WAITING = 16;
let processing = 0;
const waiting: (() => void)[] = [];

/** Runs image work with at most MAX_PROCESSING at a time, so a burst of uploads cannot exhaust memory. */
export async function withProcessingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (processing >= MAX_PROCESSING) {
    if (waiting.length >= MAX_WAITING) throw new AppError('service_unavailable');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    processing++;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, or free it.
    const next = waiting.shift();
    if (next) next();
    else processing--;
  }
}

/**
 * Turns an uploaded file into the served variants: the type is detected from the bytes, the image is turned upright
 * from its EXIF orientation, every piece of metadata (EXIF, GPS, XMP, ICC comments) is dropped by re-encoding,
 * and main, thumbnail and blurred ("censored") variants are made, with their responsive widths and formats unless
 * `variants` is false (a chat photo: main and thumbnail only).
 */
export async function processPhoto(input: Buffer, { variants = true } = {}): Promise<TProcessedPhoto> {
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', animated: false } as const;
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    // sharp names the pixel limit in its message; anything else it cannot read is not an image we support.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw photoTooLarge();
    throw new AppError('photo_unsupported_type');
  }
  if (!meta.format || !(PHOTO_FORMATS as readonly string[]).includes(meta.format)) {
    throw new AppError('photo_unsupported_type');
  }
  if (!meta.width || !meta.height) throw new AppError('photo_unsupported_type');
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw photoTooLarge();
  if (Math.min(meta.width, meta.height) < PHOTO_MIN_SIDE) {
    throw new AppError('photo_too_small', { min: PHOTO_MIN_SIDE });
  }
  try {
    // One decode, turned upright; sharp writes no metadata unless asked to (withMetadata is never used here).
    const upright = await sharp(input, options)
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(MAIN_SIDE, MAIN_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const raw = () => sharp(upright.data, { raw: { width, height, channels } });
    const thumbImage = raw().resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', position: 'attention' });
    const tinyHeight = Math.max(1, Math.round((CENSOR_SIDE * height) / width));
    const [main, thumb, tiny] = await Promise.all([
      jpeg(raw()),
      jpeg(thumbImage, 80),
      raw().resize(CENSOR_SIDE, tinyHeight).raw().toBuffer(),
    ]);
    // Blurred at a small size (cheap), then scaled to the served sizes: nothing of the face's detail is left.
    const soft = await sharp(tiny, { raw: { width: CENSOR_SIDE, height: tinyHeight, channels } })
      .resize(CENSOR_SIDE * 8, tinyHeight * 8, { kernel: 'cubic' })
      .blur(6)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const fromSoft = () => sharp(soft.data, { raw: soft.info });
    const [censored, censoredThumb] = await Promise.all([
      jpeg(fromSoft().resize(width, height, { kernel: 'cubic' }), 70, false),
      jpeg(fromSoft().resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', kernel: 'cubic' }), 70, false),
    ]);
    const [sharpVariants, censoredVariants] = variants
      ? await Promise.all([
          encodeVariants(raw, { width, height }, { quality: 'photo', thumbPosition: 'attention' }),
          // sharp keeps a pipeline's last resize, so each blurred variant is scaled straight from the soft image.
          encodeVariants(fromSoft, { width, height }, { quality: 'blurred' }),
        ])
      : [[], []];
    return { width, height, main, thumb, censored, censoredThumb, variants: sharpVariants, censoredVariants };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('photo_unsupported_type');
  }
}
