import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { CALLING_CODES, DEFAULT_REGION, dialCodeOf, regionNamer, regionOptions } from './calling-codes.ts';

describe('country calling-code table (docs/reference/constants.md#sign-in-defaults)', () => {
  it('matches libphonenumber-js for every region it knows, and nothing else', () => {
    const expected = getCountries()
      .map((region) => `${region}:${getCountryCallingCode(region)}`)
      .sort();
    const actual = CALLING_CODES.map((c) => `${c.region}:${c.dialCode}`).sort();
    assert.deepEqual(actual, expected);
  });

  it('defaults to US, +1', () => {
    assert.equal(DEFAULT_REGION, 'US');
    assert.equal(dialCodeOf('US'), '1');
    assert.equal(dialCodeOf('GB'), '44');
    assert.equal(dialCodeOf('ZZ'), undefined);
  });

  it('names regions with Intl.DisplayNames and sorts options by name', () => {
    assert.equal(regionNamer('en')('US'), 'United States');
    assert.equal(regionNamer('fr')('DE'), 'Allemagne');
    const options = regionOptions('en');
    assert.equal(options.length, CALLING_CODES.length);
    assert.deepEqual(
      options.find((o) => o.region === 'US'),
      { region: 'US', dialCode: '1', name: 'United States' },
    );
    const names = options.map((o) => o.name);
    assert.deepEqual(names, [...names].sort(new Intl.Collator('en').compare));
  });

  it('falls back to the region code for an unusable locale', () => {
    assert.equal(typeof regionNamer('not a locale!!')('US'), 'string');
  });
});
