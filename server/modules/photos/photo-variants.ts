import sharp, { type Sharp } from 'sharp';
import {
  mainVariantWidths,
  PHOTO_VARIANT_FORMATS,
  THUMB_SIDES,
  type TPhotoVariantFormat,
} from '#common/photo-variants.ts';

/** One encoded variant file of a photo: what it is (main width or thumbnail side), its format and its bytes. */
export interface TVariantFile {
  file: { kind: 'main'; width?: number } | { kind: 'thumb'; side: number };
  format: TPhotoVariantFormat;
  data: Buffer;
}

/** AVIF effort 0 (of 9): on a 12-megapixel photo the upload's image work takes 1.4 s instead of 5.9 s at effort 2, and
 * the files are no bigger (docs/PERFORMANCE.md "Phone speed"). */
const AVIF_EFFORT = 0;
/** WebP effort 2 (of 6): the older browsers' format, a little bigger for much less time than the default 4. */
const WEBP_EFFORT = 2;
/** How hard the encoders try: sharp photos get the better quality, blurred ones need little. */
type TQuality = 'photo' | 'blurred';

/** Encodes one image in a format; mozjpeg for the sharp JPEGs, the fast encoder for blurred ones (they compress well). */
function encode(image: Sharp, format: TPhotoVariantFormat, quality: TQuality): Promise<Buffer> {
  const blurred = quality === 'blurred';
  if (format === 'avif') return image.avif({ quality: blurred ? 40 : 52, effort: AVIF_EFFORT }).toBuffer();
  if (format === 'webp') return image.webp({ quality: blurred ? 60 : 76, effort: WEBP_EFFORT }).toBuffer();
  return image.jpeg({ quality: blurred ? 70 : 80, mozjpeg: !blurred }).toBuffer();
}

/**
 * Every responsive variant of an upright photo of `size` (issue 32): the main photo at each smaller width and
 * at its own size in AVIF and WebP (its own-size JPEG is the original `<key>.jpg`, written elsewhere), and the square
 * thumbnail at every side in all three formats. `open` makes a fresh pipeline of the full-size image each time.
 */
export async function encodeVariants(
  open: () => Sharp,
  size: { width: number; height: number },
  options: { quality: TQuality; thumbPosition?: 'attention' | 'centre' },
): Promise<TVariantFile[]> {
  const { quality, thumbPosition = 'centre' } = options;
  const { width, height } = size;
  const kernel = quality === 'blurred' ? 'cubic' : 'lanczos3';
  const jobs: Promise<TVariantFile>[] = [];
  const add = (file: TVariantFile['file'], format: TPhotoVariantFormat, image: Sharp) =>
    jobs.push(encode(image, format, quality).then((data) => ({ file, format, data })));
  for (const format of PHOTO_VARIANT_FORMATS) {
    for (const w of mainVariantWidths(width))
      add({ kind: 'main', width: w }, format, open().resize(w, Math.round((w * height) / width), { kernel }));
    if (format !== 'jpg') add({ kind: 'main' }, format, open().resize(width, height, { kernel }));
    for (const side of THUMB_SIDES) {
      add(
        { kind: 'thumb', side },
        format,
        open().resize(side, side, { fit: 'cover', position: thumbPosition, kernel }),
      );
    }
  }
  return Promise.all(jobs);
}

/** Opens a stored JPEG for re-encoding (the backfill of photos stored before the variants existed). */
export function openStored(bytes: Buffer): () => Sharp {
  return () => sharp(bytes, { failOn: 'error' });
}
