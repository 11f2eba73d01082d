import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LibreTranslateTranslator } from '../../src/translation/libreTranslateTranslator.js';
import { standInEgress } from './standInEgress.js';

/**
 * A LibreTranslate stand-in on 127.0.0.1 (English, Spanish, Portuguese; no Japanese), the
 * engine routing tests fall through to: `[libre <target>] <text>`, every request path recorded.
 */
export class LibreTranslateStandIn {
  readonly requests: string[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LibreTranslateStandIn> {
    let standIn: LibreTranslateStandIn | undefined;
    const server = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      standIn?.requests.push(request.url ?? '');
      const send = (status: number, answer: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      if (request.url === '/languages') {
        return send(200, [
          { code: 'en', targets: ['es', 'pt'] },
          { code: 'es', targets: ['en'] },
          { code: 'pt', targets: ['en'] },
        ]);
      }
      if (request.url === '/translate') {
        const fields = JSON.parse(body) as { q: string; target: string };
        return send(200, { translatedText: `[libre ${fields.target}] ${fields.q}` });
      }
      send(404, { error: 'not found' });
    });
    standIn = new LibreTranslateStandIn(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  translator(): LibreTranslateTranslator {
    return new LibreTranslateTranslator({ egress: standInEgress, baseUrl: this.url });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
