/** The visuals of products and formats: an uploaded image re-encoded and kept in the media store, served back by key. */
import type { MediaUpload } from 'shared-kernel/contracts';
import { processImage } from './products.media';
import type { ProductsDeps } from './products.model';
import * as repo from './products.repository';

export async function upload({ db, media }: ProductsDeps, shopId: number, userId: number, bytes: Buffer): Promise<MediaUpload> {
  const img = await processImage(bytes);
  await media.put(img.key, img.bytes, img.contentType);
  const row = await repo.insertMedia(db, {
    shopId,
    key: img.key,
    contentType: img.contentType,
    bytes: img.bytes.length,
    width: img.width,
    height: img.height,
    createdBy: userId,
  });
  return { id: row.id, url: `/v1/media/${img.key}`, width: img.width, height: img.height };
}

export async function mediaOf({ db, media }: ProductsDeps, key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const row = await repo.findMedia(db, key);
  if (!row) return null;
  const bytes = await media.get(key);
  return bytes ? { bytes, contentType: row.contentType } : null;
}
