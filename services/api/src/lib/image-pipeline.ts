import type sharpFunction from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { AppError } from '../errors';

/** Responsive widths (px); an image is never upscaled, its own width closes the list when smaller than 1920. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The `url` of an image: the largest variant up to this width. */
export const DEFAULT_IMAGE_WIDTH = 1280;
/** sharp's format names → the MIME types we accept (decided from the bytes, never from the name or header). */
const ACCEPTED: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', heif: 'image/avif' };
type SharpModule = typeof sharpFunction;
let loaded: Promise<SharpModule> | undefined;

/**
 * sharp (libvips, ≈ 19 MiB resident) is loaded with the first image, not at start: a server that
 * receives no upload never pays it (docs/performance.md, idle memory). Each upload is decoded once
 * and its variants written to storage, so libvips' operation cache (50 MB by default) is off.
 */
export async function imageTool(input: Buffer, options?: SharpOptions): Promise<Sharp> {
  loaded ??= import('sharp').then((module) => {
    // CommonJS through the bundle: the function is the module's default export.
    const sharp = ((module as unknown as { default?: SharpModule }).default ?? module) as SharpModule;
    sharp.cache(false);
    return sharp;
  });
  const sharp = await loaded;
  return sharp(input, options);
}

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
  const source = await imageTool(input, { limitInputPixels: MAX_PIXELS });
  try {
    meta = await source.metadata();
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
      const { data, info } = await (
        await imageTool(input, { limitInputPixels: MAX_PIXELS })
      )
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
