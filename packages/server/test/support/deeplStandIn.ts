import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of DeepL's API v2 on 127.0.0.1, speaking its wire format: `GET /v2/languages`
 * (`?type=target` for targets), `POST /v2/translate` (form fields text, source_lang,
 * target_lang; `Authorization: DeepL-Auth-Key …`), and its errors: 403 for a bad key, 456 when
 * the quota is used up, 400 for a target it lacks. Text 'slow' is never answered.
 */
export class DeepLStandIn {
  readonly translations: Array<{ text: string; source: string; target: string }> = [];
  /** The key DeepL accepts. */
  static readonly KEY = 'test-key:fx';
  quotaExceeded = false;
  /** /v2/languages answers 503 (the adapter falls back to its own list). */
  languagesDown = false;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<DeepLStandIn> {
    let standIn: DeepLStandIn | undefined;
    const server = createServer((request, response) => {
      void standIn?.handle(request, response);
    });
    standIn = new DeepLStandIn(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of request) body += chunk;
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    };
    if (request.headers.authorization !== `DeepL-Auth-Key ${DeepLStandIn.KEY}`) {
      return send(403, { message: 'Wrong endpoint or invalid auth key' });
    }
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname === '/v2/languages') {
      if (this.languagesDown) return send(503, { message: 'Service unavailable' });
      return send(
        200,
        url.searchParams.get('type') === 'target'
          ? [
              { language: 'DE', name: 'German', supports_formality: true },
              { language: 'EN-GB', name: 'English (British)', supports_formality: false },
              { language: 'EN-US', name: 'English (American)', supports_formality: false },
              { language: 'ES', name: 'Spanish', supports_formality: true },
              { language: 'JA', name: 'Japanese', supports_formality: false },
            ]
          : [
              { language: 'DE', name: 'German' },
              { language: 'EN', name: 'English' },
              { language: 'ES', name: 'Spanish' },
              { language: 'JA', name: 'Japanese' },
            ],
      );
    }
    if (url.pathname === '/v2/translate' && request.method === 'POST') {
      const form = new URLSearchParams(body);
      const text = form.get('text') ?? '';
      const source = form.get('source_lang') ?? '';
      const target = form.get('target_lang') ?? '';
      if (this.quotaExceeded) return send(456, { message: 'Quota exceeded' });
      if (!['DE', 'EN-GB', 'EN-US', 'ES', 'JA'].includes(target.toUpperCase())) {
        return send(400, { message: "Value for 'target_lang' not supported." });
      }
      if (text === 'slow') return; // never answers
      this.translations.push({ text, source, target });
      return send(200, {
        translations: [
          {
            detected_source_language: source.toUpperCase() || 'EN',
            text: `[deepl ${target}] ${text}`,
            billed_characters: text.length,
          },
        ],
      });
    }
    send(404, { message: 'Not found' });
  }
}
