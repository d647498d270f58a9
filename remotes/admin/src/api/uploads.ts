import type { Envelope, Image } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** Uploads one image (multipart field `file`); `onProgress` gets 0–100. */
export async function uploadImage(file: File | Blob, onProgress?: (percent: number) => void): Promise<Image> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await http.post<Envelope<Image>>('/upload/image', form, {
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data.data;
}
