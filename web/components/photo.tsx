import type React from 'react';
import { pictureSources, type TPhotoImage } from '#common/photo-variants.ts';

/**
 * A member photo as `<picture>`: AVIF and WebP sources with the JPEG fallback, each at every width the photo has
 * (common/photo-variants.ts), so the browser fetches the smallest file that fills `sizes` at the screen's density.
 * Width and height are always set (no layout shift); lazy unless `priority` (the page's LCP image: eager and
 * fetchpriority high). `kind` thumb is the square crop (cards, avatars), main the whole photo.
 */
export function Photo({
  image,
  kind,
  sizes,
  alt,
  priority = false,
  className,
  width,
  height,
  draggable,
  style,
}: {
  image: TPhotoImage;
  kind: 'main' | 'thumb';
  /** The CSS width the layout gives the image at each breakpoint, as for `<img sizes>`. */
  sizes: string;
  alt: string;
  priority?: boolean;
  className?: string;
  /** Display size attributes when the layout fixes them (an avatar); default the photo's own. */
  width?: number;
  height?: number;
  draggable?: boolean;
  style?: React.CSSProperties;
}) {
  const picture = pictureSources(image, kind);
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.src}
        srcSet={picture.srcSet}
        sizes={picture.srcSet ? sizes : undefined}
        alt={alt}
        width={width ?? picture.width}
        height={height ?? picture.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
        className={className}
        draggable={draggable}
        style={style}
      />
    </picture>
  );
}
