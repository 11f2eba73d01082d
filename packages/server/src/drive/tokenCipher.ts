import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for OAuth tokens at rest, keyed from the server's secret: a copied database or
 * backup alone does not hand out access to people's Drives. A token that no longer decrypts (the
 * secret changed) reads as null, which the caller treats as "not connected".
 */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    this.key = createHmac('sha256', Buffer.from(secret)).update('parley drive tokens').digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string | null): string | null {
    if (!sealed) return null;
    const [version, iv, body] = sealed.split('.');
    if (version !== VERSION || !iv || !body) return null;
    try {
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < 16) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
