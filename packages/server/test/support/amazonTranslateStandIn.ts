import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const TARGET_PREFIX = 'AWSShineFrontendService_20170701.';

/**
 * A stand-in of Amazon Translate on 127.0.0.1, speaking its wire format (AWS JSON 1.1: `POST /`,
 * `X-Amz-Target: AWSShineFrontendService_20170701.<Operation>`, SigV4 `Authorization`):
 * ListLanguages (two pages), TranslateText, and its errors as `__type`: UnrecognizedClient for a
 * bad access key, LimitExceeded when throttled, UnsupportedLanguagePair for a target it lacks.
 * Text 'slow' is never answered.
 */
export class AmazonTranslateStandIn {
  static readonly ACCESS_KEY_ID = 'AKIDSTANDIN';
  static readonly LANGUAGES = ['auto', 'en', 'es', 'ar', 'zh-TW'];
  readonly translations: Array<{ text: string; from: string; to: string }> = [];
  limitExceeded = false;
  languagesDown = false;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<AmazonTranslateStandIn> {
    let standIn: AmazonTranslateStandIn | undefined;
    const server = createServer((request, response) => {
      void standIn?.handle(request, response);
    });
    standIn = new AmazonTranslateStandIn(server);
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
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify(answer));
    };
    const fail = (status: number, type: string, message: string) =>
      send(status, { __type: type, message });
    const target = String(request.headers['x-amz-target'] ?? '');
    if (!target.startsWith(TARGET_PREFIX) || request.method !== 'POST') {
      return fail(400, 'UnknownOperationException', 'unknown operation');
    }
    const authorization = String(request.headers.authorization ?? '');
    if (!authorization.includes(`Credential=${AmazonTranslateStandIn.ACCESS_KEY_ID}/`)) {
      return fail(
        400,
        'UnrecognizedClientException',
        'The security token included in the request is invalid.',
      );
    }
    const input = JSON.parse(body || '{}') as Record<string, string | undefined>;
    switch (target.slice(TARGET_PREFIX.length)) {
      case 'ListLanguages': {
        if (this.languagesDown) return fail(500, 'InternalServerException', 'down');
        const all = AmazonTranslateStandIn.LANGUAGES.map((code) => ({
          LanguageCode: code,
          LanguageName: code,
        }));
        return input.NextToken === 'page-2'
          ? send(200, { Languages: all.slice(3) })
          : send(200, { Languages: all.slice(0, 3), NextToken: 'page-2' });
      }
      case 'TranslateText': {
        if (this.limitExceeded) {
          return fail(400, 'LimitExceededException', 'You have exceeded your character limit.');
        }
        const text = input.Text ?? '';
        const from = input.SourceLanguageCode ?? '';
        const to = input.TargetLanguageCode ?? '';
        if (!AmazonTranslateStandIn.LANGUAGES.includes(to)) {
          return fail(
            400,
            'UnsupportedLanguagePairException',
            `Unsupported language pair: ${from} to ${to}`,
          );
        }
        if (text === 'slow') return; // never answers
        this.translations.push({ text, from, to });
        return send(200, {
          TranslatedText: `[amazon ${to}] ${text}`,
          SourceLanguageCode: from,
          TargetLanguageCode: to,
        });
      }
      default:
        return fail(400, 'UnknownOperationException', 'unknown operation');
    }
  }
}
