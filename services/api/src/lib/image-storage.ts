import fs from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Where image files live. The filesystem implementation writes under
 * DATA_DIR/uploads/images (served at /uploads/images); an object store can
 * replace it by implementing these four calls.
 */
export interface ImageStorage {
  save(id: string, width: number, data: Buffer): Promise<void>;
  read(id: string, width: number): Promise<Buffer | null>;
  /** Removes every variant of the image. */
  delete(id: string): Promise<void>;
  /** The public address of one variant. */
  url(id: string, width: number): string;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function assertId(id: string): void {
  if (!SAFE_ID.test(id)) throw new Error(`invalid image id "${id}"`);
}

/** Files at <uploadsDir>/images/<id>/<width>.webp, answered at <publicPrefix>/images/<id>/<width>.webp. */
export function createFsImageStorage(uploadsDir: string, publicPrefix = '/uploads'): ImageStorage {
  const root = path.join(uploadsDir, 'images');
  mkdirSync(root, { recursive: true });
  const file = (id: string, width: number) => {
    assertId(id);
    return path.join(root, id, `${Math.trunc(width)}.webp`);
  };
  return {
    async save(id, width, data) {
      const target = file(id, width);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, data);
    },
    async read(id, width) {
      try {
        return await fs.readFile(file(id, width));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(id) {
      assertId(id);
      await fs.rm(path.join(root, id), { recursive: true, force: true });
    },
    url(id, width) {
      assertId(id);
      return `${publicPrefix}/images/${id}/${Math.trunc(width)}.webp`;
    },
  };
}
