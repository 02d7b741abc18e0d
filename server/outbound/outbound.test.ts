import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { checkTarget, checkTargetSyntax, classifyAddress, type Resolver, signedPost } from './index.ts';

const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;

describe('outbound: address classes', () => {
  const cases: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.1.1', 'link_local'],
    ['fe80::1', 'link_local'],
    ['100.64.0.1', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['93.184.216.34', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700::1111', 'public'],
  ];
  for (const [address, cls] of cases) {
    it(`${address} is ${cls}`, () => assert.equal(classifyAddress(address), cls));
  }
});

describe('outbound: checkTarget', () => {
  const resolveTo =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('test projects may call http://localhost and loopback, not the metadata service', async () => {
    assert.equal((await checkTarget('http://localhost:3000/hook', { mode: 'test', resolve: resolveTo('127.0.0.1') })).ok, true);
    assert.equal((await checkTarget('http://127.0.0.1/hook', { mode: 'test' })).ok, true);
    assert.equal((await checkTarget('http://[::1]:8080/', { mode: 'test' })).ok, true);
    const md = await checkTarget('http://169.254.169.254/latest/meta-data', { mode: 'test' });
    assert.equal(md.ok ? null : md.reason, 'metadata');
  });

  it('live projects need https and a public address', async () => {
    const refusals: [string, string, Resolver?][] = [
      ['http://example.com/', 'scheme'],
      ['ftp://example.com/', 'scheme'],
      ['not a url', 'invalid_url'],
      ['https://user:pw@example.com/', 'credentials'],
      ['https://127.0.0.1/', 'loopback'],
      ['https://[::1]/', 'loopback'],
      ['https://[::ffff:127.0.0.1]/', 'loopback'],
      ['https://169.254.169.254/', 'metadata'],
      ['https://[fd00:ec2::254]/', 'metadata'],
      ['https://10.0.0.5/', 'private'],
      ['https://localhost/', 'loopback'],
      ['https://internal.example/', 'private', resolveTo('10.0.0.7')],
      ['https://mixed.example/', 'private', resolveTo('93.184.216.34', '192.168.0.2')],
      ['https://nowhere.example/', 'unresolvable', resolveTo()],
    ];
    for (const [url, reason, resolve] of refusals) {
      const r = await checkTarget(url, { mode: 'live', ...(resolve ? { resolve } : {}) });
      assert.equal(r.ok ? 'ok' : r.reason, reason, url);
    }
    const ok = await checkTarget('https://hooks.example/x', { mode: 'live', resolve: resolveTo('93.184.216.34') });
    assert.equal(ok.ok, true);
    assert.equal(checkTargetSyntax('https://hooks.example/x', 'live').ok, true);
  });
});

describe('outbound: signedPost', () => {
  let server: Server;
  let base: string;
  let seen: { headers: IncomingMessage['headers']; body: string }[] = [];
  let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('{"ok":true}');
  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        answer(req, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('signs in the Standard Webhooks format (the real Webhook class verifies it)', async () => {
    seen = [];
    answer = (_req, res) => res.end('{"ok":true}');
    const r = await signedPost(`${base}/hook`, { type: 'user.created', n: 1 }, { secret: SECRET, msgId: 'msg_1', timestamp: Date.now(), mode: 'test' });
    assert.equal(r.ok, true);
    assert.equal(r.status, 200);
    assert.equal(r.body, '{"ok":true}');
    const got = seen[0];
    assert.ok(got);
    assert.equal(got.headers['webhook-id'], 'msg_1');
    assert.equal(got.headers['content-type'], 'application/json');
    const verified = new Webhook(SECRET).verify(got.body, got.headers as Record<string, string>);
    assert.deepEqual(verified, { type: 'user.created', n: 1 });
    assert.throws(() =>
      new Webhook(`whsec_${Buffer.from('another-key-another-key').toString('base64')}`).verify(got.body, got.headers as Record<string, string>),
    );
  });

  it('does not follow a redirect (not even to a public address)', async () => {
    seen = [];
    answer = (_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      res.end();
    };
    const r = await signedPost(`${base}/hook`, {}, { secret: SECRET, msgId: 'msg_2', timestamp: Date.now(), mode: 'test' });
    assert.equal(r.ok, false);
    assert.equal(r.status, 302);
    assert.match(r.error ?? '', /redirect/);
    assert.equal(seen.length, 1);
  });

  it('reports HTTP errors and time-outs as results', async () => {
    answer = (_req, res) => {
      res.statusCode = 500;
      res.end('no');
    };
    const r = await signedPost(`${base}/hook`, {}, { secret: SECRET, msgId: 'msg_3', timestamp: Date.now(), mode: 'test' });
    assert.deepEqual([r.ok, r.status, r.error], [false, 500, 'HTTP 500']);
    answer = () => undefined; // never answers
    const slow = await signedPost(`${base}/hook`, {}, { secret: SECRET, msgId: 'msg_4', timestamp: Date.now(), mode: 'test', timeoutMs: 150 });
    assert.equal(slow.ok, false);
    assert.equal(slow.status, null);
    assert.match(slow.error ?? '', /timed out/);
  });

  it('live: checks the name again at send time and refuses a rebound address before connecting', async () => {
    seen = [];
    const rebound: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const r = await signedPost('https://hooks.example/x', {}, { secret: SECRET, msgId: 'msg_5', timestamp: Date.now(), mode: 'live', resolve: rebound });
    assert.equal(r.refused, 'loopback');
    assert.equal(seen.length, 0);
  });

  it('connects to the checked address, not to what the name resolves to later', async () => {
    seen = [];
    answer = (_req, res) => res.end('pinned');
    let calls = 0;
    const resolver: Resolver = async () => {
      calls += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const port = (server.address() as AddressInfo).port;
    const r = await signedPost(`http://rebind.test:${port}/x`, {}, { secret: SECRET, msgId: 'msg_6', timestamp: Date.now(), mode: 'test', resolve: resolver });
    assert.equal(r.body, 'pinned');
    assert.equal(calls, 1);
    assert.equal(seen[0]?.headers.host, `rebind.test:${port}`);
  });
});
