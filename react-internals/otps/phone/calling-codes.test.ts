import { expect } from '@open-wc/testing';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { CALLING_CODES, DEFAULT_REGION, dialCodeOf, regionNamer, regionOptions } from './calling-codes.ts';

describe('country calling-code table (SPEC §9)', () => {
  it('matches libphonenumber-js for every region it knows, and nothing else', () => {
    const expected = getCountries()
      .map((region) => `${region}:${getCountryCallingCode(region)}`)
      .sort();
    const actual = CALLING_CODES.map((c) => `${c.region}:${c.dialCode}`).sort();
    expect(actual).to.deep.equal(expected);
  });

  it('defaults to US, +1', () => {
    expect(DEFAULT_REGION).to.equal('US');
    expect(dialCodeOf('US')).to.equal('1');
    expect(dialCodeOf('GB')).to.equal('44');
    expect(dialCodeOf('ZZ')).to.equal(undefined);
  });

  it('names regions with Intl.DisplayNames and sorts options by name', () => {
    expect(regionNamer('en')('US')).to.equal('United States');
    expect(regionNamer('fr')('DE')).to.equal('Allemagne');
    const options = regionOptions('en');
    expect(options).to.have.length(CALLING_CODES.length);
    expect(options.find((o) => o.region === 'US')).to.deep.equal({ region: 'US', dialCode: '1', name: 'United States' });
    const names = options.map((o) => o.name);
    expect(names).to.deep.equal([...names].sort(new Intl.Collator('en').compare));
  });

  it('falls back to the region code for an unusable locale', () => {
    expect(regionNamer('not a locale!!')('US')).to.be.a('string');
  });
});
