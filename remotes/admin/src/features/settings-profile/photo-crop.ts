/** A rectangle of the source image, in its own pixels (what the cropper answers). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The side of the square sent (px): sharper than any place the photo is shown; the server makes smaller widths. */
export const PHOTO_SIDE = 640;

/** The side of the square made from `area`: its own size, never upscaled, at most PHOTO_SIDE. */
export function croppedSide(area: CropArea, max = PHOTO_SIDE): number {
  return Math.max(1, Math.min(max, Math.round(Math.min(area.width, area.height))));
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/**
 * The square `area` of the image at `src` (an object URL of the chosen file) as a JPEG file: drawn on a
 * white canvas (a transparent PNG keeps a white background), at most PHOTO_SIDE wide. The browser
 * draws the image as it shows it (EXIF orientation applied), which is what the cropper framed.
 */
export async function cropToSquare(src: string, area: CropArea): Promise<File> {
  const image = await loadImage(src);
  const side = croppedSide(area);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  if (!blob) throw new Error('The cropped photo could not be encoded');
  return new File([blob], 'photo.jpg', { type: 'image/jpeg' });
}
