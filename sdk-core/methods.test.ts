/**
 * The method registry (issue 12): the client's groups come from SDK_METHODS under their public
 * names; each method is one folder whose index exports its SdkMethod; no method imports another.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createClient } from './client.ts';
import type { SdkMethod } from './method.ts';
import { SDK_METHODS } from './methods.ts';
import { MemoryCookieJar, MemoryStore } from './storage.ts';

const HERE = import.meta.dirname;
/** The folder of a method: its name in kebab case (`magicLinks` -> `magic-links`). */
const folderOf = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('method registry', () => {
  it('lists every method once, under the public property names', () => {
    assert.deepEqual(
      SDK_METHODS.map((m) => m.name),
      ['otps', 'magicLinks', 'passwords', 'webauthn', 'cryptoWallets', 'oauth', 'totps', 'impersonation', 'idp', 'b2b', 'rbac', 'mfa'],
    );
  });

  it('gives the client one group per method, beside the core members', () => {
    const client = createClient('public-token-test-registry', {
      apiBaseUrl: 'http://127.0.0.1:1',
      fetch: () => Promise.reject(new Error('no network in this test')),
      cookies: new MemoryCookieJar(),
      storage: new MemoryStore(),
      disableSessionRefresh: true,
    });
    try {
      const core = ['publicToken', 'apiBaseUrl', 'bootstrap', 'session', 'user', 'telemetry', 'reverify', 'destroy'];
      assert.deepEqual(Object.keys(client).sort(), [...core, ...SDK_METHODS.map((m) => m.name)].sort());
      for (const m of SDK_METHODS) {
        const group = (client as unknown as Record<string, unknown>)[m.name];
        assert.equal(typeof group, 'object', m.name);
        assert.ok(
          Object.values(group as object).some((v) => typeof v === 'function' || typeof v === 'object'),
          `${m.name} has calls`,
        );
      }
    } finally {
      client.destroy();
    }
  });

  it('each method lives in its own folder, whose index exports the registry entry, and imports no other method', async () => {
    const folders = new Set(SDK_METHODS.map((m) => folderOf(m.name)));
    for (const m of SDK_METHODS) {
      const folder = folderOf(m.name);
      const mod = (await import(`./${folder}/index.ts`)) as Record<string, unknown>;
      // A lazy entry (loaded on first use) resolves to its folder's index, which exports the group as `${name}Method`.
      assert.equal(await m.load(), mod, `${m.name}: load() resolves to ${folder}/index.ts`);
      const entry = (mod as Record<string, SdkMethod<string, unknown>>)[`${m.name}Method`]!;
      assert.equal(entry?.name, m.name, `${folder}/index.ts exports the ${m.name} entry as ${m.name}Method`);
      if ('members' in m) assert.deepEqual(Object.keys(entry.create({} as never) as object).sort(), Object.keys(m.members).sort(), `${m.name}: members`);
      for (const file of readdirSync(join(HERE, folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
        const source = readFileSync(join(HERE, folder, file), 'utf8');
        for (const [, target] of source.matchAll(/\bfrom\s+'\.\.\/([\w-]+)\//g)) {
          assert.ok(!folders.has(target!) || target === folder, `${folder}/${file} imports the ${target} method`);
        }
      }
    }
  });
});
