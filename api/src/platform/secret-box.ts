// Secrets a shop gives us (its payment provider keys) are stored encrypted: AES-256-GCM with a key derived
// by HKDF-SHA256 from the server's secret (a database dump alone reveals nothing). Each value gets a fresh 96-bit IV,
// and the GCM tag makes a tampered value fail to open instead of decrypting to garbage (NIST SP 800-38D).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface SecretBox {
  /** 'v1.<iv>.<tag>.<ciphertext>' (base64url) */
  seal(plain: string, context: string): string;
  /** the plain text, or null when the value was not sealed by this key for this context (or was changed) */
  open(sealed: string, context: string): string | null;
}

export function createSecretBox(serverSecret: Uint8Array, purpose = 'wz-shop-secrets'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), purpose, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
