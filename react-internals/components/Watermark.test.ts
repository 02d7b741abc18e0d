import { expect } from '@open-wc/testing';
import { DEFAULT_BOOTSTRAP } from '../../sdk-core/index.ts';
import { DEFAULT_STRINGS } from '../strings.ts';
import { PROVIDER_URL, watermarkTarget } from './Watermark.tsx';

describe('watermark target', () => {
  it("names the server's product when the bootstrap says which (our reference server)", () => {
    expect(
      watermarkTarget({ ...DEFAULT_BOOTSTRAP, server_product: { name: 'Auth Elements', url: 'https://www.npmjs.com/package/auth-elements' } }, DEFAULT_STRINGS),
    ).to.deep.equal({
      name: 'Auth Elements',
      url: 'https://www.npmjs.com/package/auth-elements',
    });
  });

  it("names and links the provider against the provider's API (no server_product key)", () => {
    expect(watermarkTarget(DEFAULT_BOOTSTRAP, DEFAULT_STRINGS)).to.deep.equal({ name: 'Stytch', url: PROVIDER_URL });
  });

  it('links https only: a server cannot put a script or plain-http link in the widget', () => {
    for (const url of ['javascript:alert(1)', 'http://evil.example/', 'data:text/html,x', 'not a url']) {
      expect(watermarkTarget({ ...DEFAULT_BOOTSTRAP, server_product: { name: 'Evil', url } }, DEFAULT_STRINGS).url, url).to.equal(PROVIDER_URL);
    }
  });
});
