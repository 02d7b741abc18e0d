/**
 * Test helpers of the OAuth flow: drive a start, the dev provider's page and the callback over real HTTP
 * (the app must `listen()`: the callback redeems the dev code at this server's /dev/oauth/token), as a
 * browser would.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { TestApp } from '../test-helpers.ts';

/** A PKCE pair of the SDK side. */
export function pkcePair(seed = 'v'): { verifier: string; challenge: string } {
  const verifier = seed.repeat(43).slice(0, 43) + 'x'.repeat(21);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The login redirect URL the tests use (on the test project's allowlist). */
export const LOGIN_URL = 'http://localhost:3000/authenticate';
/** The sign-up redirect URL the tests use. */
export const SIGNUP_URL = 'http://localhost:3000/welcome';

/** A dev identity typed on the dev provider's page. */
export interface DevIdentity {
  email: string;
  name?: string;
  verified?: boolean;
}

/** The start URL (path and query) of a flow. */
export function startPath(t: TestApp, provider: string, q: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams({ public_token: t.publicToken });
  const all = { login_redirect_url: LOGIN_URL, signup_redirect_url: SIGNUP_URL, ...q };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) params.set(k, v);
  return `/v1/public/oauth/${provider}/start?${params}`;
}

/** GET start -> the dev provider's authorization URL. */
export async function start(t: TestApp, provider: string, q: Record<string, string | undefined> = {}): Promise<URL> {
  const r = await t.call('GET', startPath(t, provider, q), { auth: false });
  assert.equal(r.status, 302, JSON.stringify(r.json));
  return new URL(r.headers.get('location') ?? '');
}

/** Submits the dev page's form for `id`: the callback URL (code and state) it redirects to. */
export async function authorize(t: TestApp, authorizeUrl: URL, id: DevIdentity): Promise<URL> {
  const page = await t.call('GET', `${authorizeUrl.pathname}${authorizeUrl.search}`, { auth: false });
  assert.equal(page.status, 200, String(page.json.text ?? JSON.stringify(page.json)));
  const form = new URLSearchParams(authorizeUrl.searchParams);
  form.set('email', id.email);
  form.set('name', id.name ?? '');
  form.set('email_verified', id.verified === false ? 'no' : 'yes');
  const r = await t.call('POST', '/dev/oauth/authorize', {
    auth: false,
    raw: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(r.status, 303, String(r.json.text ?? JSON.stringify(r.json)));
  return new URL(r.headers.get('location') ?? '');
}

/** GET the callback: the Location it redirects to. */
export async function callback(t: TestApp, callbackUrl: URL): Promise<{ status: number; location: URL | null; text: string }> {
  const r = await t.call('GET', `${callbackUrl.pathname}${callbackUrl.search}`, { auth: false });
  const loc = r.headers.get('location');
  return { status: r.status, location: loc ? new URL(loc) : null, text: String(r.json.text ?? '') };
}

/** A whole browser round trip: start, the dev page, the callback; the redirect URL it ends on. */
export async function devRoundTrip(t: TestApp, provider: string, id: DevIdentity, q: Record<string, string | undefined> = {}): Promise<URL> {
  const cb = await authorize(t, await start(t, provider, q), id);
  const r = await callback(t, cb);
  assert.equal(r.status, 302, r.text);
  assert.ok(r.location);
  return r.location;
}
