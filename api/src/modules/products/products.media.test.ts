import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mediaStoreFor } from './products.media';

/** A bucket of an S3-compatible server, in memory, that records what it was sent. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const requests: Array<{ method: string; url: string; authorization: string | undefined; sha: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        sha: req.headers['x-amz-content-sha256'] as string | undefined,
      });
      if (req.method === 'PUT') {
        objects.set(req.url!, { body: Buffer.concat(chunks), type: req.headers['content-type'] });
        res.writeHead(200).end();
      } else {
        const o = objects.get(req.url!);
        if (!o) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': o.type ?? 'application/octet-stream' }).end(o.body);
      }
    });
  });
  return { server, objects, requests };
}

describe('media store', () => {
  it('uses an S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set: signed path-style PUT and GET', async () => {
    const s3 = fakeS3();
    await new Promise<void>((r) => s3.server.listen(0, '127.0.0.1', r));
    try {
      const endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
      const store = mediaStoreFor('/nowhere', {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'wineriz-media',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_REGION: 'fr-par',
      });
      const key = `${'a'.repeat(64)}.webp`;
      await store.put(key, Buffer.from('RIFF-webp-bytes'), 'image/webp');
      expect(s3.objects.get(`/wineriz-media/${key}`)).toEqual({ body: Buffer.from('RIFF-webp-bytes'), type: 'image/webp' });
      expect(s3.requests[0].authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/fr-par\/s3\/aws4_request/);
      expect(s3.requests[0].sha).toMatch(/^([a-f0-9]{64}|UNSIGNED-PAYLOAD)$/);
      expect(await store.get(key)).toEqual(Buffer.from('RIFF-webp-bytes'));
      expect(await store.get(`${'b'.repeat(64)}.webp`)).toBeNull();
    } finally {
      await new Promise((r) => s3.server.close(r));
    }
  });
});
