/** The one bootstrap defaults object (issue 12) and the client's documented fallback over it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_BOOTSTRAP } from './bootstrap.ts';
import { BOOTSTRAP_DEFAULTS, BOOTSTRAP_KEYS } from './schemas/bootstrap.ts';

describe('bootstrap defaults', () => {
  it('BOOTSTRAP_DEFAULTS holds every docs/reference/wire-protocol.md#bootstrap key and nothing else', () => {
    assert.deepEqual(Object.keys(BOOTSTRAP_DEFAULTS).sort(), [...BOOTSTRAP_KEYS].sort());
  });

  it("the client's fallback differs from it only by the documented overrides", () => {
    const differing = BOOTSTRAP_KEYS.filter((k) => JSON.stringify(DEFAULT_BOOTSTRAP[k]) !== JSON.stringify(BOOTSTRAP_DEFAULTS[k]));
    assert.deepEqual(differing, ['disable_sdk_watermark', 'rbac_policy']);
    assert.equal(DEFAULT_BOOTSTRAP.disable_sdk_watermark, true);
    assert.equal(DEFAULT_BOOTSTRAP.rbac_policy, null);
    assert.equal('server_product' in DEFAULT_BOOTSTRAP, false, 'no server product is named without an answer');
  });
});
