import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { MemoryStore } from '../storage.ts';
import { createPKCEPair, PKCEStore } from './index.ts';

describe('PKCE (docs/reference/constants.md#client-sdk, RFC 7636)', () => {
  it('makes a 128-hex-digit verifier and its S256 challenge', async () => {
    const { code_verifier, code_challenge } = await createPKCEPair();
    assert.match(code_verifier, /^[0-9a-f]{128}$/);
    const expected = createHash('sha256').update(code_verifier).digest('base64url');
    assert.equal(code_challenge, expected);
  });

  it('never repeats a verifier', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add((await createPKCEPair()).code_verifier);
    assert.equal(seen.size, 200);
  });

  it('keeps one pair per flow and token, and clears it', async () => {
    const store = new MemoryStore();
    const a = new PKCEStore(store, 'public-token-test-a');
    const b = new PKCEStore(store, 'public-token-test-b');
    const ml = await a.start('magic_links');
    const pw = await a.start('passwords');
    assert.deepEqual(a.get('magic_links'), ml);
    assert.deepEqual(a.get('passwords'), pw);
    assert.equal(b.get('magic_links'), null);
    a.clear('magic_links');
    assert.equal(a.get('magic_links'), null);
    assert.deepEqual(a.get('passwords'), pw);
  });
});
