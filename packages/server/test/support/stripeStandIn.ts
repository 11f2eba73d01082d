import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

/**
 * A small stand-in of the Stripe API on 127.0.0.1 (no stripe-mock here): it answers checkout
 * and billing-portal sessions the way Stripe does and records what the SDK sent.
 */
export class StripeStandIn {
  readonly calls: StripeCall[] = [];
  /** When set, the next checkout answers this Stripe error (HTTP 400). */
  failNextCheckout = false;
  private counter = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<StripeStandIn> {
    let standIn: StripeStandIn | undefined;
    const server = createServer((request, response) => {
      void standIn?.handle(request).then(([status, body]) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': 'req_test',
        });
        response.end(JSON.stringify(body));
      });
    });
    standIn = new StripeStandIn(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  lastCall(path: string): StripeCall | undefined {
    return this.calls.filter((call) => call.path === path).at(-1);
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    let text = '';
    for await (const chunk of request) text += chunk;
    const path = (request.url ?? '').split('?')[0] ?? '';
    const key = request.headers['idempotency-key'];
    this.calls.push({
      method: request.method ?? '',
      path,
      params: new URLSearchParams(text),
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    if (!(request.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return [
        401,
        { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      ];
    }
    this.counter += 1;
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      if (this.failNextCheckout) {
        this.failNextCheckout = false;
        return [400, { error: { type: 'invalid_request_error', message: 'Invalid currency' } }];
      }
      const id = `cs_test_${this.counter}`;
      return [
        200,
        { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` },
      ];
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return [
        200,
        {
          id: `bps_${this.counter}`,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${this.counter}`,
        },
      ];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } },
    ];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
