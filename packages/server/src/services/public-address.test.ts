/** Issue 29, N3: webhooks go to public unicast addresses only, whatever notation names the address. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, isPublicHost, resolveHost } from './public-address';
import { postPinned } from './webhooks';

describe('isPublicAddress', () => {
  it.each([
    // IPv6 forms that carry a private IPv4 address (the audit's bypasses)
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe', // 169.254.169.254, cloud metadata
    '::ffff:0:127.0.0.1', // RFC 6145 translated
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::8.8.8.8', // local-use NAT64
    '::127.0.0.1', // IPv4-compatible
    '::8.8.8.8',
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    // IPv4 special-purpose registry
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.5.4',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.254',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6 special-purpose registry and non-unicast
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'fec0::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    '2001:2::1',
    '3fff::1',
    '5f00::1',
    // not addresses
    'example.com',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2606:4700:4700::1111',
    '[2a00:1450:4001:80b::200e]',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('isPublicHost (URL hosts)', () => {
  it.each([
    // What URL parsing makes of the audit's hosts
    new URL('https://[::ffff:127.0.0.1]/').hostname,
    new URL('https://[::ffff:a9fe:a9fe]/').hostname,
    new URL('https://[64:ff9b::7f00:1]/').hostname,
    new URL('https://[::127.0.0.1]/').hostname,
    new URL('https://2130706433/').hostname, // 127.0.0.1 as one number
    new URL('https://0x7f.1/').hostname,
    'localhost',
    'LOCALHOST.',
    'api.localhost',
    'printer.local',
    'metadata.google.internal',
  ])('refuses %s', (host) => {
    expect(isPublicHost(host)).toBe(false);
  });

  it('accepts a public name or literal', () => {
    expect(isPublicHost('hooks.example.com')).toBe(true);
    expect(isPublicHost(new URL('https://[2606:4700:4700::1111]/').hostname)).toBe(true);
  });
});

describe('resolveHost', () => {
  it('refuses a name that resolves to a private address', async () => {
    expect(await resolveHost('localhost', true)).toBeNull();
    expect(await resolveHost('[::ffff:7f00:1]', true)).toBeNull();
  });
  it('gives the literal itself, in its canonical form', async () => {
    expect(await resolveHost('[::ffff:7f00:1]', false)).toEqual({ address: '::ffff:7f00:1', family: 6 });
    expect(await resolveHost('8.8.8.8', true)).toEqual({ address: '8.8.8.8', family: 4 });
  });
});

describe('postPinned', () => {
  it('connects to the address it was given, never resolving the name again, and follows no redirect', async () => {
    const got: string[] = [];
    const server = createServer((req, res) => {
      got.push(`${req.headers.host} ${req.url}`);
      req.resume();
      res.statusCode = 302;
      res.setHeader('location', 'http://127.0.0.1:1/elsewhere');
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      // .invalid never resolves (RFC 6761): only the pinned address can have been used.
      const res = await postPinned(
        new URL(`http://hooks.statemint.invalid:${port}/in`),
        { address: '127.0.0.1', family: 4 },
        { headers: {}, body: '{}', timeoutMs: 5000 },
      );
      expect(res.status).toBe(302);
      expect(got).toEqual([`hooks.statemint.invalid:${port} /in`]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
