import { expect } from '@open-wc/testing';
import { safeLogoUrl, THEME_DEFAULTS, themeProperties, themeSheet } from './theme.ts';

describe('theme', () => {
  it('has the SPEC §3 defaults', () => {
    expect(THEME_DEFAULTS['--auth-color-primary']).to.equal('#19303D');
    expect(THEME_DEFAULTS['--auth-color-secondary']).to.equal('#5C727D');
    expect(THEME_DEFAULTS['--auth-color-success']).to.equal('#0C5A56');
    expect(THEME_DEFAULTS['--auth-color-error']).to.equal('#8B1214');
    expect(THEME_DEFAULTS['--auth-container-width']).to.equal('400px');
    expect(THEME_DEFAULTS['--auth-container-radius']).to.equal('8px');
    expect(THEME_DEFAULTS['--auth-button-height']).to.equal('45px');
    expect(THEME_DEFAULTS['--auth-input-height']).to.equal('47px');
    expect(THEME_DEFAULTS['--auth-font-family']).to.match(/^Arial/);
  });

  it('validates each property and drops only the bad ones', () => {
    const p = themeProperties({
      colors: { primary: '#112233', error: 'red;}body{display:none' },
      container: { width: 360, borderRadius: 'url(x)' },
      fontFamily: 'Inter, sans-serif',
      inputs: { borderColor: 'rgb(1, 2, 3)' },
    });
    expect(p['--auth-color-primary']).to.equal('#112233');
    expect(p['--auth-button-primary-background']).to.equal('#112233');
    expect(p['--auth-color-error']).to.equal(undefined);
    expect(p['--auth-container-width']).to.equal('360px');
    expect(p['--auth-container-radius']).to.equal(undefined);
    expect(p['--auth-font-family']).to.equal('Inter, sans-serif');
    expect(p['--auth-input-border']).to.equal('rgb(1, 2, 3)');
    expect(themeProperties('nonsense')).to.deep.equal({});
  });

  it('accepts https logos (and http on localhost) only', () => {
    expect(safeLogoUrl({ logo: { logoImageUrl: 'https://cdn.example.com/l.png' } })).to.equal('https://cdn.example.com/l.png');
    expect(safeLogoUrl({ logo: { logoImageUrl: 'http://localhost:8080/l.png' } })).to.equal('http://localhost:8080/l.png');
    expect(safeLogoUrl({ logo: { logoImageUrl: 'http://evil.example.com/l.png' } })).to.equal(null);
    expect(safeLogoUrl({ logo: { logoImageUrl: 'javascript:alert(1)' } })).to.equal(null);
    expect(safeLogoUrl({ logo: { logoImageUrl: 'data:image/png;base64,AAAA' } })).to.equal(null);
    expect(safeLogoUrl({})).to.equal(null);
  });

  it('builds a constructable theme sheet through setProperty', () => {
    const sheet = themeSheet(':host', { colors: { primary: '#010203' } });
    const rule = sheet.cssRules[0] as CSSStyleRule;
    expect(rule.selectorText).to.equal(':host');
    expect(rule.style.getPropertyValue('--auth-color-primary')).to.equal('#010203');
    expect(rule.style.getPropertyValue('--auth-input-height')).to.equal('47px');
  });
});
