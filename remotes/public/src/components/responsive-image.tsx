import type { Image } from '@vitrine/contracts';
import './responsive-image.css';

export interface ResponsiveImageProps {
  image: Image;
  /** Which width the image takes in the layout, for the browser to pick from srcset. */
  sizes: string;
  /** The cover of a page: loaded at once, with high priority. */
  eager?: boolean;
  alt?: string;
  className?: string;
}

/** An uploaded image: srcset and sizes, width/height so the box is reserved before it loads (no layout shift). */
export function ResponsiveImage({ image, sizes, eager = false, alt, className }: ResponsiveImageProps) {
  return (
    <img
      className={['vt-img', className].filter(Boolean).join(' ')}
      src={image.url}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt ?? ''}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}
