import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiError, ApiUnreachableError, AuthError, SchemaError } from './errors.ts';
import { CaptchaRequiredError, createHttpClient, DEFAULT_REQUEST_TIMEOUT_MS, type HttpClient } from './http.ts';

// A real HTTP server that answers each path with one way a server can misbehave, so the client's
// error mapping (docs/reference/errors.md#messages-by-error-type) is exercised over real sockets rather than a mocked fetch.
const answers: Record<string, { status: number; body: string; type?: string }> = {
  '/sdk/v1/ok': { status: 200, body: JSON.stringify({ data: { hello: 'world', request_id: 'r1', status_code: 200 } }) },
  '/sdk/v1/api-error': {
    status: 404,
    body: JSON.stringify({
      status_code: 404,
      request_id: 'r2',
      error_type: 'otp_code_not_found',
      error_message: 'The code is wrong.',
      error_url: 'https://example.com/errors#otp_code_not_found',
    }),
  },
  '/sdk/v1/schema': {
    status: 400,
    body: JSON.stringify({ error_type: 'invalid_request_body', body: [{ dataPath: '.email', message: 'must be string' }] }),
  },
  '/sdk/v1/html': { status: 502, body: '<html>Bad gateway</html>', type: 'text/html' },
  '/sdk/v1/captcha': { status: 403, body: 'Captcha required', type: 'text/plain' },
  '/sdk/v1/no-data': { status: 200, body: JSON.stringify({ nothing: true }) },
  '/sdk/v1/no-type': { status: 500, body: JSON.stringify({ message: 'oops' }) },
};

let server: Server;
let base = '';
const seen: { auth?: string; client?: string; contentType?: string }[] = [];

before(async () => {
  server = createServer((req, res) => {
    seen.push({
      auth: req.headers.authorization,
      client: req.headers['x-sdk-client'] as string | undefined,
      contentType: req.headers['content-type'],
    });
    // Accepts and never answers: the server that used to hold a call (and the refresh) forever.
    if (req.url === '/sdk/v1/hang') return;
    // Sends headers and half a body, then stalls.
    if (req.url === '/sdk/v1/stall-body') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": {');
      return;
    }
    const a = answers[req.url ?? ''] ?? { status: 404, body: '{}' };
    res.writeHead(a.status, { 'content-type': a.type ?? 'application/json' });
    res.end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const client = (sessionToken: string | null = null) =>
  createHttpClient({ publicToken: 'public-token-test-abc', baseUrl: base, sessionToken: () => sessionToken, telemetryHeader: () => 'e30=' });

describe('HttpClient', () => {
  it('unwraps the data envelope and sends the protocol headers', async () => {
    const data = await client().request<{ hello: string }>({ method: 'POST', path: '/ok', body: {} });
    assert.equal(data.hello, 'world');
    const last = seen.at(-1)!;
    assert.equal(last.auth, `Basic ${btoa('public-token-test-abc:public-token-test-abc')}`);
    assert.equal(last.client, 'e30=');
    assert.equal(last.contentType, 'application/json');
  });

  it('uses the session token as the basic-auth secret when signed in', async () => {
    await client('session-secret').request({ method: 'GET', path: '/ok' });
    assert.equal(seen.at(-1)!.auth, `Basic ${btoa('public-token-test-abc:session-secret')}`);
  });

  it('maps an error body to ApiError with every wire field', async () => {
    const err = await client()
      .request({ method: 'POST', path: '/api-error', body: {} })
      .catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.status_code, 404);
    assert.equal(err.error_type, 'otp_code_not_found');
    assert.equal(err.error_message, 'The code is wrong.');
    assert.equal(err.request_id, 'r2');
    assert.equal(err.code, 'api_error');
  });

  it('maps a schema body to SchemaError with path and message lines', async () => {
    const err = await client()
      .request({ method: 'POST', path: '/schema', body: {} })
      .catch((e: unknown) => e);
    assert.ok(err instanceof SchemaError);
    assert.equal(err.message, '[400] Request does not match expected schema\n.email: must be string');
  });

  it('reports non-JSON answers as "Invalid JSON response from our servers."', async () => {
    const err = await client()
      .request({ method: 'GET', path: '/html' })
      .catch((e: unknown) => e);
    assert.ok(err instanceof ApiUnreachableError);
    assert.equal(err.message, 'Invalid JSON response from our servers.');
  });

  it('recognises a text answer containing "Captcha required"', async () => {
    const err = await client()
      .request({ method: 'GET', path: '/captcha' })
      .catch((e: unknown) => e);
    assert.ok(err instanceof CaptchaRequiredError);
  });

  it('reports a 2xx without data as "Invalid response from our servers."', async () => {
    const err = await client()
      .request({ method: 'GET', path: '/no-data' })
      .catch((e: unknown) => e);
    assert.ok(err instanceof ApiUnreachableError);
    assert.equal(err.message, 'Invalid response from our servers.');
  });

  it('reports an error without error_type as "Invalid or no response from server"', async () => {
    const err = await client()
      .request({ method: 'GET', path: '/no-type' })
      .catch((e: unknown) => e);
    assert.ok(err instanceof ApiUnreachableError);
    assert.equal(err.message, 'Invalid or no response from server');
  });

  it('reports a closed port as "Unable to contact our servers."', async () => {
    const dead = createHttpClient({ publicToken: 'public-token-test-abc', baseUrl: 'http://127.0.0.1:1', sessionToken: () => null, telemetryHeader: () => '' });
    const err = await dead.request({ method: 'GET', path: '/ok' }).catch((e: unknown) => e);
    assert.ok(err instanceof ApiUnreachableError);
    assert.equal(err.message, 'Unable to contact our servers.');
  });

  it('abandons a call the server never answers as "Unable to contact our servers." after the timeout', async () => {
    const c = createHttpClient({ publicToken: 'public-token-test-abc', baseUrl: base, sessionToken: () => null, telemetryHeader: () => '', timeoutMs: 150 });
    const started = performance.now();
    const err = await c.request({ method: 'POST', path: '/hang', body: {} }).catch((e: unknown) => e);
    const waited = performance.now() - started;
    assert.ok(err instanceof ApiUnreachableError, String(err));
    assert.equal(err.message, 'Unable to contact our servers.');
    assert.ok(waited >= 140 && waited < 2000, `gave up after ${Math.round(waited)} ms`);
  });

  it('abandons a body that stalls after the headers the same way', async () => {
    const c = createHttpClient({ publicToken: 'public-token-test-abc', baseUrl: base, sessionToken: () => null, telemetryHeader: () => '', timeoutMs: 150 });
    const err = await c.request({ method: 'GET', path: '/stall-body' }).catch((e: unknown) => e);
    assert.ok(err instanceof ApiUnreachableError, String(err));
    assert.equal(err.message, 'Unable to contact our servers.');
  });

  it('gives up on a call its caller cancels, and waits 30 s by default', async () => {
    assert.equal(DEFAULT_REQUEST_TIMEOUT_MS, 30_000);
    const ac = new AbortController();
    const pending = client()
      .request({ method: 'POST', path: '/hang', body: {}, signal: ac.signal })
      .catch((e: unknown) => e);
    setTimeout(() => ac.abort(), 20);
    const err = await pending;
    assert.ok(err instanceof ApiUnreachableError, String(err));
    assert.equal(err.message, 'Unable to contact our servers.');
  });

  it('says why the API is unreachable in `reason` (UI code reads the field, never the message)', async () => {
    const reasonOf = async (c: HttpClient, path: string, signal?: AbortSignal) => {
      const err = await c.request({ method: 'POST', path, body: {}, ...(signal ? { signal } : {}) }).catch((e: unknown) => e);
      assert.ok(err instanceof ApiUnreachableError, String(err));
      return [err.reason, err.message];
    };
    const dead = createHttpClient({ publicToken: 'public-token-test-abc', baseUrl: 'http://127.0.0.1:1', sessionToken: () => null, telemetryHeader: () => '' });
    assert.deepEqual(await reasonOf(dead, '/ok'), ['network', 'Unable to contact our servers.']);
    const impatient = createHttpClient({
      publicToken: 'public-token-test-abc',
      baseUrl: base,
      sessionToken: () => null,
      telemetryHeader: () => '',
      timeoutMs: 100,
    });
    assert.deepEqual(await reasonOf(impatient, '/hang'), ['timeout', 'Unable to contact our servers.']);
    assert.deepEqual(await reasonOf(impatient, '/stall-body'), ['timeout', 'Unable to contact our servers.']);
    const ac = new AbortController();
    ac.abort();
    assert.deepEqual(await reasonOf(client(), '/hang', ac.signal), ['network', 'Unable to contact our servers.']);
    assert.deepEqual(await reasonOf(client(), '/html'), ['invalid_json', 'Invalid JSON response from our servers.']);
    assert.deepEqual(await reasonOf(client(), '/no-data'), ['invalid_response', 'Invalid response from our servers.']);
    assert.deepEqual(await reasonOf(client(), '/no-type'), ['no_response', 'Invalid or no response from server']);
  });

  it('throws CaptchaRequiredError as an AuthError of its own code, not an unreachable API', async () => {
    const err = await client()
      .request({ method: 'GET', path: '/captcha' })
      .catch((e: unknown) => e);
    assert.ok(err instanceof CaptchaRequiredError && err instanceof AuthError);
    assert.equal(err instanceof ApiUnreachableError, false);
    assert.deepEqual([err.name, err.code, err.message], ['CaptchaRequiredError', 'captcha_required', 'Captcha required']);
  });
});
