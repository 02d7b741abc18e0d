/**
 * Attack (issue 10, item 5): SMS pumping. 30 sends to numbers sharing one prefix from rotating addresses
 * were all accepted, and codes went to US 1-900 and UK 09 premium-rate numbers (which pay whoever
 * rents them). Now SMS and WhatsApp sends go only to MOBILE and FIXED_LINE_OR_MOBILE numbers (400
 * unsupported_phone_number_type), at most 10 an hour per number prefix (the E.164 number minus its
 * last 4 digits) whatever the IP, and only to the project's allowed countries when it names some
 * (400 invalid_phone_number_country_code).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CallResult, login, type TestApp, testApp } from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;

/** Number -> the type libphonenumber-js (full metadata) gives it; every one must be refused. */
const REFUSED_TYPES: [string, string][] = [
  ['+19005551234', 'PREMIUM_RATE'], // US 1-900
  ['+19005550000', 'PREMIUM_RATE'],
  ['+449012345678', 'PREMIUM_RATE'], // UK 09
  ['+449098765432', 'PREMIUM_RATE'],
  ['+448451234567', 'PREMIUM_RATE'], // UK 0845
  ['+33899123456', 'PREMIUM_RATE'], // FR 0899
  ['+18005551234', 'TOLL_FREE'], // US 1-800
  ['+18885550123', 'TOLL_FREE'],
  ['+448001234567', 'TOLL_FREE'], // UK 0800
  ['+445612345678', 'VOIP'], // UK 056
  ['+447012345678', 'PERSONAL_NUMBER'], // UK 070
  ['+15005550006', 'PERSONAL_NUMBER'], // US 500
  ['+447640123456', 'PAGER'], // UK 076
  ['+443001234567', 'UAN'], // UK 03
  ['+442079460000', 'FIXED_LINE'], // London 020
  ['+33140000000', 'FIXED_LINE'], // Paris 01
];

const send = (t: TestApp, channel: 'sms' | 'whatsapp', phone: string, ip = '198.51.100.1') =>
  t.call('POST', `/sdk/v1/otps/${channel}/login_or_create`, { body: { phone_number: phone }, headers: { 'x-forwarded-for': ip } });

const inboxCount = async (t: TestApp, to: string) => ((await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`)).json.messages as unknown[]).length;

function assertRefused(r: CallResult, type: string, what: string): void {
  assert.equal(r.status, 400, `${what}: ${JSON.stringify(r.json)}`);
  assert.equal(r.json.error_type, type, what);
}

describe('attack: SMS pumping', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ trustProxy: true });
  });
  after(() => t.close());

  it('30 numbers of one prefix from 30 addresses: 10 are sent, the rest get 429; other prefixes are unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await send(t, 'sms', `+1415555${String(1000 + i)}`, `203.0.113.${i + 1}`);
      statuses.push(r.status);
      if (r.status === 429) assert.equal(r.json.error_type, 'too_many_requests');
    }
    assert.deepEqual(statuses, [...Array(10).fill(200), ...Array(20).fill(429)]);
    let sent = 0;
    for (let i = 0; i < 30; i++) sent += await inboxCount(t, `+1415555${String(1000 + i)}`);
    assert.equal(sent, 10, 'ten texts went out, no more');
    // WhatsApp counts against the same prefix.
    assert.equal((await send(t, 'whatsapp', '+14155552000', '203.0.113.99')).status, 429);
    // A neighbouring block (another prefix) is another counter.
    assert.equal((await send(t, 'sms', '+14155560101', '203.0.113.100')).status, 200);
    // An hour later the block opens again.
    t.advance(60 * 60 * 1000);
    assert.equal((await send(t, 'sms', '+14155551099', '203.0.113.101')).status, 200);
  });

  it('WhatsApp pumping is limited the same way', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await send(t, 'whatsapp', `+4474001${String(100_000 + i).slice(1)}`, `192.0.2.${i + 1}`)).status);
    assert.deepEqual(statuses, [...Array(10).fill(200), 429, 429]);
  });

  it('premium-rate, toll-free, VoIP, personal, pager, UAN and fixed-line numbers are refused on SMS and WhatsApp, before anything is sent or counted', async () => {
    for (const [phone, type] of REFUSED_TYPES) {
      for (const channel of ['sms', 'whatsapp'] as const) {
        const r = await send(t, channel, phone);
        assertRefused(r, 'unsupported_phone_number_type', `${channel} ${phone}`);
        assert.equal((r.json.error_details as Json).number_type, type, phone);
      }
      assert.equal(await inboxCount(t, phone), 0, `nothing sent to ${phone}`);
    }
    // The refusals cost no quota: the same address can still send 10 codes to a real mobile block.
    for (let i = 0; i < 10; i++) assert.equal((await send(t, 'sms', `+1212555${String(2000 + i)}`)).status, 200);
  });

  it('send/primary and send/secondary refuse them too', async () => {
    const { token } = await login(t, 'pumping-secondary@example.com');
    for (const [phone] of REFUSED_TYPES.slice(0, 4)) {
      for (const channel of ['sms', 'whatsapp']) {
        assertRefused(
          await t.call('POST', `/sdk/v1/otps/${channel}/send/primary`, { body: { phone_number: phone } }),
          'unsupported_phone_number_type',
          `primary ${phone}`,
        );
        assertRefused(
          await t.call('POST', `/sdk/v1/otps/${channel}/send/secondary`, { body: { phone_number: phone }, secret: token }),
          'unsupported_phone_number_type',
          `secondary ${phone}`,
        );
      }
    }
  });

  it('mobile and fixed-line-or-mobile numbers still pass (US, CA, GB, FR)', async () => {
    for (const phone of ['+14155550101', '+16135550123', '+447400123456', '+33612345678']) {
      assert.equal((await send(t, 'sms', phone)).status, 200, phone);
    }
  });
});

describe('attack: SMS to countries the project does not serve', () => {
  it('with sms_allowed_countries US and CA, other countries get invalid_phone_number_country_code on SMS and WhatsApp', async () => {
    const t = await testApp({ smsAllowedCountries: ['US', 'CA'] });
    try {
      for (const phone of ['+447400123456', '+33612345678', '+447911123456']) {
        for (const channel of ['sms', 'whatsapp'] as const) {
          const r = await send(t, channel, phone);
          assertRefused(r, 'invalid_phone_number_country_code', `${channel} ${phone}`);
          assert.deepEqual((r.json.error_details as Json).allowed_countries, ['US', 'CA']);
        }
      }
      for (const phone of ['+14155550101', '+16135550123']) assert.equal((await send(t, 'whatsapp', phone)).status, 200, phone);
      // The allowlist comes before the type: a premium number abroad is refused for its country.
      assertRefused(await send(t, 'sms', '+449012345678'), 'invalid_phone_number_country_code', 'UK premium');
      assertRefused(await send(t, 'sms', '+19005551234'), 'unsupported_phone_number_type', 'US premium');
    } finally {
      await t.close();
    }
  });

  it('a live project reads sms_allowed_countries from its project file', async () => {
    const t = await testApp({
      liveProject: { public_token: 'public-token-live-sms-countries', project_name: 'Acme', allowed_origins: [], sms_allowed_countries: ['GB'] },
      delivery: { send: async () => undefined },
    });
    try {
      assertRefused(await send(t, 'sms', '+14155550101'), 'invalid_phone_number_country_code', 'US for a GB project');
      assert.equal((await send(t, 'sms', '+447400123456')).status, 200);
    } finally {
      await t.close();
    }
  });
});
