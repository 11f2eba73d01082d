import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of Azure AI Translator's text API on 127.0.0.1, speaking its wire format:
 * `GET /languages?scope=translation`, `POST /translate` (`{inputs: [{text, language, targets:
 * [{language}]}]}`, `Ocp-Apim-Subscription-Key` and `-Region` headers), and its errors: 401000
 * for a bad key, 403001 when the free quota is used up, 400036 for a target it lacks. Text 'slow'
 * is never answered.
 */
export class AzureTranslatorStandIn {
  static readonly KEY = 'azure-test-key';
  static readonly LANGUAGES = ['en', 'es', 'ko', 'zh-Hans'];
  readonly translations: Array<{ text: string; from: string; to: string; region: string }> = [];
  quotaExceeded = false;
  languagesDown = false;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<AzureTranslatorStandIn> {
    let standIn: AzureTranslatorStandIn | undefined;
    const server = createServer((request, response) => {
      void standIn?.handle(request, response);
    });
    standIn = new AzureTranslatorStandIn(server);
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
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(answer));
    };
    const fail = (status: number, code: number, message: string) =>
      send(status, { error: { code, message } });
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (!url.searchParams.get('api-version')) return fail(400, 400021, 'api-version missing');
    if (url.pathname === '/languages') {
      if (this.languagesDown) return fail(503, 503000, 'Service unavailable');
      const translation = Object.fromEntries(
        AzureTranslatorStandIn.LANGUAGES.map((code) => [
          code,
          { name: code, nativeName: code, dir: 'ltr' },
        ]),
      );
      return send(200, { translation });
    }
    if (request.headers['ocp-apim-subscription-key'] !== AzureTranslatorStandIn.KEY) {
      return fail(401, 401000, 'The request is not authorized because credentials are invalid.');
    }
    if (url.pathname === '/translate' && request.method === 'POST') {
      if (this.quotaExceeded) {
        return fail(403, 403001, 'The operation is not allowed because the free quota is used up.');
      }
      const { inputs } = JSON.parse(body) as {
        inputs: Array<{ text: string; language: string; targets: Array<{ language: string }> }>;
      };
      const input = inputs[0];
      const to = input?.targets[0]?.language ?? '';
      if (!input || !AzureTranslatorStandIn.LANGUAGES.includes(to)) {
        return fail(400, 400036, 'The target language is not valid.');
      }
      if (input.text === 'slow') return; // never answers
      this.translations.push({
        text: input.text,
        from: input.language,
        to,
        region: String(request.headers['ocp-apim-subscription-region'] ?? ''),
      });
      return send(200, {
        value: [
          {
            translations: [
              { language: to, text: `[azure ${to}] ${input.text}`, sourceCharacters: 2 },
            ],
          },
        ],
      });
    }
    fail(404, 404001, 'Not found');
  }
}
