import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_BOOTSTRAP } from '../../sdk-core/index.ts';
import { DEFAULT_STRINGS } from '../strings.ts';
import { PROVIDER_URL, watermarkTarget } from './Watermark.tsx';

describe('watermark target', () => {
  it("names the server's product when the bootstrap says which (our reference server)", () => {
    assert.deepEqual(
      watermarkTarget({ ...DEFAULT_BOOTSTRAP, server_product: { name: 'Auth Elements', url: 'https://www.npmjs.com/package/auth-elements' } }, DEFAULT_STRINGS),
      {
        name: 'Auth Elements',
        url: 'https://www.npmjs.com/package/auth-elements',
      },
    );
  });

  it("names and links the provider against the provider's API (no server_product key)", () => {
    assert.deepEqual(watermarkTarget(DEFAULT_BOOTSTRAP, DEFAULT_STRINGS), { name: 'Stytch', url: PROVIDER_URL });
  });

  it('links https only: a server cannot put a script or plain-http link in the widget', () => {
    for (const url of ['javascript:alert(1)', 'http://evil.example/', 'data:text/html,x', 'not a url']) {
      assert.equal(watermarkTarget({ ...DEFAULT_BOOTSTRAP, server_product: { name: 'Evil', url } }, DEFAULT_STRINGS).url, PROVIDER_URL, url);
    }
  });
});
