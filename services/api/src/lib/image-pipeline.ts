import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors';

/** Responsive widths (px); an image is never upscaled, its own width closes the list when smaller than 1920. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The `url` of an image: the largest variant up to this width. */
export const DEFAULT_IMAGE_WIDTH = 1280;
/** sharp's format names → the MIME types we accept (decided from the bytes, never from the name or header). */
const ACCEPTED: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', heif: 'image/avif' };
/** Refuse decompression bombs: pixels of the source image. */
const MAX_PIXELS = 50_000_000;

export interface ImageVariant {
  width: number;
  height: number;
  bytes: number;
}

export interface ProcessedImage {
  mime: string;
  width: number;
  height: number;
  variants: (ImageVariant & { data: Buffer })[];
}

function unsupported(): AppError {
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { message: 'Unsupported image type: send a JPEG, PNG, WebP, GIF or AVIF image' });
}

export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < sourceWidth);
  widths.push(Math.min(sourceWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? sourceWidth));
  return [...new Set(widths)].sort((a, b) => a - b);
}

/**
 * Detects the type from the bytes (sharp's metadata), refuses SVG and anything
 * but JPEG/PNG/WebP/GIF/AVIF with 415, and renders every width as WebP.
 */
export async function processImage(input: Buffer, options: { quality?: number } = {}): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw unsupported();
  }
  const format = meta.format ?? '';
  let mime = ACCEPTED[format];
  // HEIF container: only AVIF (AV1) is accepted, not HEIC.
  if (format === 'heif' && meta.compression !== 'av1') mime = undefined;
  if (!mime || !meta.width || !meta.height) throw unsupported();
  // EXIF orientation decides which side is the width.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const variants: ProcessedImage['variants'] = [];
  try {
    for (const target of variantWidths(width)) {
      const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: options.quality ?? 80, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, bytes: info.size, data });
    }
  } catch {
    throw unsupported();
  }
  return { mime, width, height, variants };
}
