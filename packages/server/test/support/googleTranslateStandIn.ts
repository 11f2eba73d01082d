import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of Google Cloud Translation Basic (v2) on 127.0.0.1, speaking its wire format:
 * `GET /languages?target=en&key=…` (`{data: {languages: [{language, name}]}}`), `POST ?key=…`
 * (`{q: [text], source, target, format}` → `{data: {translations: [{translatedText}]}}`), and its
 * errors (`{error: {code, message, errors: [{reason}]}}`): 400 "API key not valid", 403
 * dailyLimitExceeded, 400 "Bad language pair". Text 'slow' is never answered.
 */
export class GoogleTranslateStandIn {
  static readonly KEY = 'google-test-key';
  static readonly LANGUAGES = ['en', 'es', 'hi', 'zh-CN'];
  readonly translations: Array<{ text: string; source: string; target: string; format: string }> =
    [];
  dailyLimitExceeded = false;
  languagesDown = false;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<GoogleTranslateStandIn> {
    let standIn: GoogleTranslateStandIn | undefined;
    const server = createServer((request, response) => {
      void standIn?.handle(request, response);
    });
    standIn = new GoogleTranslateStandIn(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  /** The endpoint, as GOOGLE_CLOUD_TRANSLATE_ENDPOINT would give it. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/language/translate/v2`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of request) body += chunk;
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(answer));
    };
    const fail = (status: number, message: string, reason: string) =>
      send(status, { error: { code: status, message, errors: [{ message, reason }] } });
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.searchParams.get('key') !== GoogleTranslateStandIn.KEY) {
      return fail(400, 'API key not valid. Please pass a valid API key.', 'badRequest');
    }
    if (url.pathname === '/language/translate/v2/languages') {
      if (this.languagesDown) return fail(503, 'Backend Error', 'backendError');
      return send(200, {
        data: {
          languages: GoogleTranslateStandIn.LANGUAGES.map((code) => ({
            language: code,
            name: code,
          })),
        },
      });
    }
    if (url.pathname === '/language/translate/v2' && request.method === 'POST') {
      if (this.dailyLimitExceeded) return fail(403, 'Daily Limit Exceeded', 'dailyLimitExceeded');
      const fields = JSON.parse(body) as {
        q: string[];
        source: string;
        target: string;
        format: string;
      };
      const text = fields.q[0] ?? '';
      if (!GoogleTranslateStandIn.LANGUAGES.includes(fields.target)) {
        return fail(400, 'Bad language pair: {0}', 'badRequest');
      }
      if (text === 'slow') return; // never answers
      this.translations.push({
        text,
        source: fields.source,
        target: fields.target,
        format: fields.format,
      });
      return send(200, {
        data: { translations: [{ translatedText: `[google ${fields.target}] ${text}` }] },
      });
    }
    fail(404, 'Not Found', 'notFound');
  }
}
