import type { Image } from '@vitrine/contracts';
import { processImage } from '../lib/image-pipeline';
import { uniqueKey } from '../lib/security';
import * as images from '../repositories/images';
import type { ServiceDeps } from './context';
import { toImage } from './content-presenters';

export class ImagesService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * Checks the type from the bytes, renders the WebP widths into the storage,
   * then records the image. Files of a failed insert are removed.
   */
  async upload(data: Buffer, originalName: string, userId: number | null, options: { quality?: number } = {}): Promise<Image> {
    const processed = await processImage(data, options);
    const id = uniqueKey().replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
    const { storage, db } = this.deps;
    try {
      for (const variant of processed.variants) await storage.save(id, variant.width, variant.data);
      const row = await images.insert(db, {
        id,
        original_name: originalName.slice(0, 255),
        mime: processed.mime,
        width: processed.width,
        height: processed.height,
        bytes: data.length,
        variants: processed.variants.map(({ width, height, bytes }) => ({ width, height, bytes })),
        created_by: userId,
      });
      return toImage(row, storage) as Image;
    } catch (err) {
      await storage.delete(id).catch(() => undefined);
      throw err;
    }
  }
}
