// Product and format visuals: only images are accepted (detected by their content, never by their name),
// size-limited, re-encoded by sharp (turned upright per EXIF, metadata stripped, at most 2000 px) and kept in a media
// store under a content-addressed key; GET /v1/media/:key serves them with long cache headers.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import sharp from 'sharp';
import { MEDIA_MAX_SIDE, PRODUCT_ADMIN_MESSAGES as M } from 'shared-kernel/contracts';
import { HttpError } from '../../platform/errors';

/** Where the bytes live: files under DATA_DIR/media, or an S3-compatible bucket. */
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
 * An S3-compatible bucket (AWS S3, Scaleway, OVH, MinIO…): path-style `PUT/GET <endpoint>/<bucket>/<key>` signed with
 * AWS Signature V4 (aws4fetch).
 */
export function s3MediaStore(opts: {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  fetch?: typeof fetch;
}): MediaStore {
  const client = new AwsClient({
    accessKeyId: opts.accessKeyId,
    secretAccessKey: opts.secretAccessKey,
    service: 's3',
    region: opts.region || 'us-east-1',
  });
  const url = (key: string) => `${opts.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(opts.bucket)}/${encodeURIComponent(key)}`;
  const send = async (req: Request) => (opts.fetch ?? fetch)(await client.sign(req));
  return {
    async put(key, bytes, contentType) {
      const res = await send(
        new Request(url(key), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } }),
      );
      if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
    },
    async get(key) {
      const res = await send(new Request(url(key), { method: 'GET' }));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}

/**
 * The media store of the configuration: an S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set (with
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION), else files under DATA_DIR/media (MEDIA_DIR overrides it).
 */
export function mediaStoreFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): MediaStore {
  if (env.S3_ENDPOINT && env.S3_BUCKET)
    return s3MediaStore({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      region: env.S3_REGION,
    });
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
