import { responsiveSources } from '../../core/media';

interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** The sizes attribute: how wide the image shows at each breakpoint. */
  sizes: string;
  width: number;
  height: number;
  className?: string;
  /** The page's main image loads at once and first; everything else waits until it nears the viewport. */
  priority?: boolean;
  /** The widest variant worth offering; small images need not list the large ones. */
  maxWidth?: number;
}

/** A <picture> with AVIF and WebP sources in every size the media server renders. */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  width,
  height,
  className,
  priority = false,
  maxWidth,
}: ResponsiveImageProps) {
  const sources = responsiveSources(src, maxWidth);
  const img = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sources.srcSets ? sizes : undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
  if (!sources.srcSets) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.srcSets.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.srcSets.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
