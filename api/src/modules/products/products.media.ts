// Product and format visuals (issue 12): only images are accepted (detected by their content, never by their name),
// size-limited, re-encoded by sharp (turned upright per EXIF, metadata stripped, at most 2000 px) and kept in a media
// store under a content-addressed key; GET /v1/media/:key serves them with long cache headers.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_MAX_SIDE, PRODUCT_ADMIN_MESSAGES as M } from 'shared-kernel/contracts';
import { HttpError } from '../../platform/errors';

/** Where the bytes live. Files under DATA_DIR/media today; an S3-compatible bucket is another implementation. */
export interface MediaStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
}

/** Files under `dir` (created on first write); keys are content hashes, so a rewrite is the same bytes. */
export function fileMediaStore(dir: string): MediaStore {
  const file = (key: string) => path.join(dir, key.slice(0, 2), key);
  return {
    async put(key, bytes) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, target);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}

/**
 * The media store of the configuration: DATA_DIR/media by default (MEDIA_DIR overrides it).
 * S3-compatible storage (S3_ENDPOINT, S3_BUCKET…) is not implemented yet: a `MediaStore` over it plugs in here.
 */
export function mediaStoreFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): MediaStore {
  return fileMediaStore(path.resolve(env.MEDIA_DIR || path.join(dataDir, 'media')));
}

/** `<sha256>.webp`: what GET /media/:key accepts (anything else cannot exist). */
export const MEDIA_KEY = /^[a-f0-9]{64}\.webp$/;

export interface ProcessedImage {
  key: string;
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
/** Decompression bombs: a small file announcing a huge canvas is refused before decoding. */
const MAX_INPUT_PIXELS = 60_000_000;

/** Checks that `input` is a PNG, JPEG or WebP image and re-encodes it as WebP without its metadata. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (!input.length) throw new HttpError(400, M.imageEmpty, 'file');
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new HttpError(400, M.imageNotImage, 'file');
  }
  if (!format || !ACCEPTED.has(format)) throw new HttpError(400, M.imageNotImage, 'file');
  try {
    // sharp writes no metadata (EXIF, XMP, ICC comments, GPS) unless asked to: rotate() applies the EXIF orientation first
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: MEDIA_MAX_SIDE, height: MEDIA_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const key = `${crypto.createHash('sha256').update(data).digest('hex')}.webp`;
    return { key, bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw new HttpError(400, M.imageNotImage, 'file');
  }
}
