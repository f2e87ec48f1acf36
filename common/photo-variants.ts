/**
 * The responsive variants of a stored photo (issue 32): which files exist and their URLs. The server writes the
 * files under these names and the web builds `srcset` from them, so both sides share this one module.
 */

/** Formats of every variant, best first; JPEG is the fallback every browser shows. */
export const PHOTO_VARIANT_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type TPhotoVariantFormat = (typeof PHOTO_VARIANT_FORMATS)[number];

/**
 * Widths of the main photo below its own (at most 1280): the profile photo is full width on a 375 px phone
 * (351 CSS px: 360 at 1x, 720 at 2x, 1080 at 3x) and at most 540 CSS px beside the details on wide screens.
 */
export const PHOTO_WIDTHS = [360, 720, 1080] as const;

/**
 * Sides of the square thumbnail: 48–64 px avatars (160 at 2x–3x), member cards of 167 CSS px on phones (360 at 2x,
 * 480 at 3x) and up to 230 px on wide screens (240 at 1x, 480 at 2x).
 */
export const THUMB_SIDES = [160, 240, 360, 480] as const;

/** Version of the variant set the files of a photo follow; 0 = only the original JPEG main and 320 px thumbnail. */
export const PHOTO_VARIANTS_VERSION = 1;

/** A stored photo as the wire describes it: its JPEG URLs (spec names), its size and which variant set it has. */
export interface TPhotoImage {
  filename: string;
  thumb_filename: string;
  width?: number;
  height?: number;
  variants?: number;
}

/** URL prefix shared by a photo's files: `<cdn prefix>/media/<key>` (or `/cdn/<censored key>` when blurred). */
export function photoBase(cdnPrefix: string, folder: 'media' | 'cdn', key: string): string {
  return `${cdnPrefix}/${folder}/${key}`;
}

/** The URL of one file of a photo: the main photo at its own size or a smaller width, or a square thumbnail. */
export function photoFileUrl(
  base: string,
  file: { kind: 'main'; width?: number } | { kind: 'thumb'; side?: number },
  format: TPhotoVariantFormat = 'jpg',
): string {
  if (file.kind === 'main') return file.width ? `${base}_${file.width}.${format}` : `${base}.${format}`;
  // The original 320 px JPEG thumbnail keeps its name, so URLs handed out before issue 32 keep working.
  return file.side ? `${base}_t${file.side}.${format}` : `${base}_thumb.${format}`;
}

/** The JPEG URLs the wire carries under the spec's names (spec §3 main_image: filename, thumb_filename). */
export function photoJpegUrls(base: string): { filename: string; thumb_filename: string } {
  return {
    filename: photoFileUrl(base, { kind: 'main' }),
    thumb_filename: photoFileUrl(base, { kind: 'thumb' }),
  };
}

/** Widths of the smaller main variants a photo of this width has (never wider than the photo itself). */
export function mainVariantWidths(width: number): number[] {
  return PHOTO_WIDTHS.filter((w) => w < width);
}

/** The base URL of a photo from its main JPEG URL (`…/<key>.jpg`). */
function baseOf(filename: string): string {
  return filename.replace(/\.jpg$/, '');
}

/** One `<source>` of a `<picture>`: its MIME type and srcset. */
export interface TPictureSource {
  type: string;
  srcSet: string;
}

/** What an `<img>` inside a `<picture>` needs: JPEG src and srcset, the sources of the better formats, its size. */
export interface TPictureSources {
  src: string;
  srcSet?: string;
  sources: TPictureSource[];
  width: number;
  height: number;
}

const MIME: Record<TPhotoVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/**
 * The sources of a photo for `<picture>`: the main photo at every width it has, or the square thumbnail at every side.
 * A photo without the variant set (not yet backfilled) gets its JPEG alone.
 */
export function pictureSources(image: TPhotoImage, kind: 'main' | 'thumb'): TPictureSources {
  const width = image.width ?? 0;
  const height = image.height ?? 0;
  const hasVariants = (image.variants ?? 0) >= PHOTO_VARIANTS_VERSION && width > 0 && height > 0;
  if (kind === 'thumb') {
    const side = 320;
    if (!hasVariants) return { src: image.thumb_filename, sources: [], width: side, height: side };
    const base = baseOf(image.filename);
    const set = (format: TPhotoVariantFormat) =>
      THUMB_SIDES.map((s) => `${photoFileUrl(base, { kind: 'thumb', side: s }, format)} ${s}w`).join(', ');
    return {
      src: image.thumb_filename,
      srcSet: set('jpg'),
      sources: [
        { type: MIME.avif, srcSet: set('avif') },
        { type: MIME.webp, srcSet: set('webp') },
      ],
      width: side,
      height: side,
    };
  }
  if (!hasVariants) return { src: image.filename, sources: [], width: width || 1280, height: height || 1280 };
  const base = baseOf(image.filename);
  const set = (format: TPhotoVariantFormat) =>
    [
      ...mainVariantWidths(width).map((w) => `${photoFileUrl(base, { kind: 'main', width: w }, format)} ${w}w`),
      `${photoFileUrl(base, { kind: 'main' }, format)} ${width}w`,
    ].join(', ');
  return {
    src: image.filename,
    srcSet: set('jpg'),
    sources: [
      { type: MIME.avif, srcSet: set('avif') },
      { type: MIME.webp, srcSet: set('webp') },
    ],
    width,
    height,
  };
}
