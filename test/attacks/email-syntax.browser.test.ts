/**
 * The widget and the server share one email syntax (docs/reference/security.md#email-syntax). The server side of the recipient-injection
 * attack is tested in Node (email-recipient-injection.test.ts); here the same addresses go through the
 * validator as the browser runs it (Chromium's URL parser does the IDNA), and the answers must be the
 * server's: hostile ones refused, the others normalised to the same stored form.
 */
import { expect } from '@open-wc/testing';
import { isValidEmail, normalizeEmail } from '../../sdk-core/helpers.ts';
import { HOSTILE_EMAILS, NORMALISED_EMAILS } from './email-cases.ts';

describe('email syntax in the browser agrees with the server', () => {
  it('refuses every hostile address', () => {
    for (const email of HOSTILE_EMAILS) {
      expect(isValidEmail(email), JSON.stringify(email)).to.equal(false);
      expect(normalizeEmail(email), JSON.stringify(email)).to.equal(null);
    }
  });

  it('normalises valid addresses (trim, case, punycode) to the form the server stores', () => {
    for (const [typed, stored] of NORMALISED_EMAILS) {
      expect(normalizeEmail(typed), typed).to.equal(stored);
      expect(isValidEmail(typed), typed).to.equal(true);
    }
  });
});
