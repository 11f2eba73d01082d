import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** A raw GET to `baseUrl` + `path`: fetch would decode the body and hide the encoding on the wire. */
export function rawGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
