import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in push service received. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A stand-in push service on 127.0.0.1: answers 201 under /ok/, 410 under /gone/ and 404 under
 * /missing/, and records every request.
 */
export class PushServiceStandIn {
  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly received: ReceivedPush[],
  ) {}

  static async start(): Promise<PushServiceStandIn> {
    const received: ReceivedPush[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        const status = path.startsWith('/gone/') ? 410 : path.startsWith('/missing/') ? 404 : 201;
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new PushServiceStandIn(server, `http://127.0.0.1:${port}`, received);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
export class BrowserSubscription {
  private readonly ecdh = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;

  constructor(readonly endpoint: string) {
    this.publicKey = this.ecdh.generateKeys();
  }

  toJSON() {
    return {
      endpoint: this.endpoint,
      keys: { p256dh: this.publicKey.toString('base64url'), auth: this.auth.toString('base64url') },
    };
  }

  /** Decrypts an aes128gcm body (RFC 8188 record, RFC 8291 keys) as the browser would. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 0x02, then zero padding.
    const end = padded.lastIndexOf(2);
    return padded.subarray(0, end).toString('utf8');
  }
}

/**
 * Checks a request's `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): the key is the expected
 * one, the ES256 signature verifies with it, and the audience is the push service's origin.
 * Returns the JWT's claims.
 */
export function verifyVapid(
  header: string | string[] | undefined,
  expectedKey: string,
  audience: string,
): Record<string, unknown> {
  const text = String(header ?? '');
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(text);
  if (!match) throw new Error(`not a VAPID authorization: ${text}`);
  const [, jwt = '', key = ''] = match;
  if (key !== expectedKey) throw new Error('VAPID key is not the server’s');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  if (payload.aud !== audience) throw new Error(`VAPID audience ${payload.aud} is not ${audience}`);
  return payload;
}
