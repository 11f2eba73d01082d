import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EgressGuard,
  EgressRefused,
  egressAddressRefusal,
  testOnlyLoopbackAllowance,
} from '../src/http/egressGuard.js';

/** A resolver that answers every name with this address, as a rebinding DNS server would. */
function resolvingTo(address: string): { lookup: LookupFunction; asked: string[] } {
  const asked: string[] = [];
  const family = address.includes(':') ? 6 : 4;
  const lookup = ((
    hostname: string,
    options: { all?: boolean },
    callback: (...answer: unknown[]) => void,
  ) => {
    asked.push(hostname);
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
  return { lookup, asked };
}

const LIMITS = { timeoutMs: 5_000, maxResponseBytes: 1024 };

let target: Server;
let targetPort: number;
let hits = 0;

beforeAll(async () => {
  // Something on loopback the guard must not reach (it counts every request that arrives).
  target = createServer((request, response) => {
    hits++;
    if (request.url === '/redirect') {
      response.writeHead(302, { location: 'http://127.0.0.1/elsewhere' }).end();
    } else if (request.url === '/large') {
      response.writeHead(200).end(Buffer.alloc(4096, 120));
    } else {
      response.writeHead(201).end('ok');
    }
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
});

describe('egress guard (issue 22)', () => {
  it('refuses at connect time a public-looking name that resolves to 127.0.0.1', async () => {
    const { lookup, asked } = resolvingTo('127.0.0.1');
    const guard = new EgressGuard({ lookup });
    for (const name of ['127.0.0.1.nip.io', 'localtest.me', 'push.example.com']) {
      // The text passes the early check: only resolving shows where it goes.
      expect(guard.urlRefusal(`https://${name}:${targetPort}/x`)).toBeNull();
      await expect(
        guard.request(`https://${name}:${targetPort}/x`, { method: 'POST', ...LIMITS }),
      ).rejects.toBeInstanceOf(EgressRefused);
    }
    expect(asked).toEqual(['127.0.0.1.nip.io', 'localtest.me', 'push.example.com']);
    expect(hits).toBe(0);
    guard.close();
  });

  it('refuses names resolving to shared, private, link-local and mapped addresses', async () => {
    for (const address of [
      '100.64.0.1',
      '10.0.0.5',
      '169.254.169.254',
      '::ffff:127.0.0.1',
      '::1',
    ]) {
      const guard = new EgressGuard({ lookup: resolvingTo(address).lookup });
      await expect(
        guard.request(`https://push.example.com:${targetPort}/x`, LIMITS),
        address,
      ).rejects.toBeInstanceOf(EgressRefused);
      guard.close();
    }
  });

  it('refuses 100.64.0.1 and other non-public literals before any connection', async () => {
    const guard = new EgressGuard();
    await expect(guard.request('https://100.64.0.1/x', LIMITS)).rejects.toBeInstanceOf(
      EgressRefused,
    );
    for (const url of [
      'https://100.64.0.1/x',
      'https://LOCALHOST.:4443/x',
      'https://a.localhost/x',
      'https://[fe80::1]/x',
      'https://[fc00::1]/x',
      'https://224.0.0.1/x',
      'https://0.0.0.0/x',
      'https://240.0.0.1/x',
      'https://192.168.1.1/x',
      'https://172.16.0.1/x',
      'http://push.example.com/x',
    ]) {
      expect(guard.urlRefusal(url), url).not.toBeNull();
    }
    guard.close();
  });

  it('decides that public addresses pass (without connecting anywhere)', () => {
    expect(egressAddressRefusal('8.8.8.8')).toBeNull();
    expect(egressAddressRefusal('142.250.74.46')).toBeNull();
    expect(egressAddressRefusal('2a00:1450:4007:80e::200a')).toBeNull();
    expect(egressAddressRefusal('100.64.0.1')).not.toBeNull();
    expect(egressAddressRefusal('127.0.0.1')).not.toBeNull();
    expect(egressAddressRefusal('172.31.255.255')).not.toBeNull();
    expect(new EgressGuard().urlRefusal('https://fcm.googleapis.com/fcm/send/abc')).toBeNull();
    expect(new EgressGuard().urlRefusal('https://8.8.8.8/x')).toBeNull();
  });

  it('with the test-only allowance reaches loopback, does not follow redirects and limits size', async () => {
    const guard = new EgressGuard({ allowance: testOnlyLoopbackAllowance() });
    const before = hits;
    const ok = await guard.request(`http://127.0.0.1:${targetPort}/ok`, LIMITS);
    expect(ok.status).toBe(201);
    const redirect = await guard.request(`http://127.0.0.1:${targetPort}/redirect`, LIMITS);
    expect(redirect.status).toBe(302);
    expect(hits).toBe(before + 2);
    await expect(guard.request(`http://127.0.0.1:${targetPort}/large`, LIMITS)).rejects.toThrow(
      /too large/,
    );
    // The allowance is loopback only: other private addresses stay refused.
    expect(guard.urlRefusal('http://10.0.0.5/x')).not.toBeNull();
    guard.close();
  });

  it('cannot be given the loopback allowance under NODE_ENV=production', () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => testOnlyLoopbackAllowance()).toThrow(/production/);
      expect(() => new EgressGuard({ allowance: { testOnlyLoopback: true } })).toThrow(
        /production/,
      );
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
