import { expect } from '@open-wc/testing';
import {
  checkStyles,
  darkTheme,
  isSafeValue,
  safeLogoUrl,
  THEME_DEFAULTS,
  THEME_TOKENS,
  themeProperties,
  themeSheet,
  widgetCss,
  withTokenFallbacks,
} from './theme.ts';
import { THEME_TOKEN_DOCS } from './theme-docs.ts';

describe('theme', () => {
  it('has the docs/reference/config.md#theme defaults', () => {
    expect(THEME_DEFAULTS['--auth-color-primary']).to.equal('#19303D');
    expect(THEME_DEFAULTS['--auth-color-secondary']).to.equal('#5C727D');
    expect(THEME_DEFAULTS['--auth-color-success']).to.equal('#0C5A56');
    expect(THEME_DEFAULTS['--auth-color-error']).to.equal('#8B1214');
    expect(THEME_DEFAULTS['--auth-container-width']).to.equal('400px');
    // Issue 30 item 6: a 12 px card around 8 px controls (was 8 px around 4 px).
    expect(THEME_DEFAULTS['--auth-container-radius']).to.equal('12px');
    expect(THEME_DEFAULTS['--auth-button-primary-radius']).to.equal('8px');
    expect(THEME_DEFAULTS['--auth-input-radius']).to.equal('8px');
    expect(THEME_DEFAULTS['--auth-button-height']).to.equal('45px');
    expect(THEME_DEFAULTS['--auth-input-height']).to.equal('47px');
    // Issue 30 item 6: the system UI stack (was Arial first).
    expect(THEME_DEFAULTS['--auth-font-family']).to.match(/^system-ui,/);
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
    // Defaults are var() fallbacks in the rules, never declarations on :host (which would hide a
    // token set on an ancestor or :root): the computed default is checked in elements/element.test.ts.
    expect(rule.style.getPropertyValue('--auth-input-height')).to.equal('');
    expect(rule.style.getPropertyValue('max-width')).to.equal('var(--auth-container-width, 400px)');
  });

  it('declares no token in its rules: every use has the default as its fallback', () => {
    const css = widgetCss('');
    expect(css).to.not.match(/--auth-[a-z0-9-]+\s*:/);
    expect(css).to.not.match(/var\(--auth-[a-z0-9-]+\)/);
    expect(css).to.contain('var(--auth-input-height, 47px)');
    expect(withTokenFallbacks('a{color:var(--auth-button-primary-background)}')).to.equal(
      'a{color:var(--auth-button-primary-background, var(--auth-color-primary, #19303D))}',
    );
    for (const name of Object.keys(THEME_TOKENS)) expect(THEME_TOKEN_DOCS[name as keyof typeof THEME_TOKEN_DOCS], name).to.be.a('string');
  });

  it('accepts var() and calc() values and still refuses anything that could escape or load', () => {
    for (const ok of ['var(--brand)', 'var(--auth-color-primary, #123456)', 'var(--a, var(--b, rgb(1, 2, 3)))']) {
      expect(isSafeValue(ok, 'color'), ok).to.equal(true);
    }
    for (const ok of ['calc(100% - 2 * 8px)', 'calc(1rem + var(--gap, 4px))', 'calc((100% - 16px) / 2)', 'var(--r, calc(2px * 3))', '0', '12.5px']) {
      expect(isSafeValue(ok, 'length'), ok).to.equal(true);
    }
    for (const bad of [
      'url(https://evil.example/x.png)',
      'var(--x, url(x))',
      'expression(alert(1))',
      'red; background: red',
      'red}body{display:none',
      '<script>',
      'calc(1px + url(x))',
      'calc(1px; 2px)',
      'var(--x) red\\',
      'image-set("x.png" 1x)',
      'var(x)',
      '-4px',
      'calc(100%-2px)',
    ]) {
      expect(isSafeValue(bad, bad.startsWith('calc') || bad.endsWith('px') ? 'length' : 'color'), bad).to.equal(false);
    }
    expect(themeProperties({ colors: { primary: 'var(--brand, #0A66C2)' }, container: { width: 'calc(100% - 32px)' } })).to.include({
      '--auth-color-primary': 'var(--brand, #0A66C2)',
      '--auth-container-width': 'calc(100% - 32px)',
    });
  });

  it('names every dropped styles value and unknown key', () => {
    const { issues } = checkStyles({ colors: { primary: 'url(x)', primray: '#fff' }, container: { width: 'wide' }, colours: {} });
    expect(issues.map((i) => i.field)).to.deep.equal(['styles.colors.primary', 'styles.colors.primray', 'styles.container.width', 'styles.colours']);
    expect(issues[0]!.message).to.match(/^styles\.colors\.primary "url\(x\)" is not a colour/);
    expect(issues[1]!.message).to.contain('expected one of "primary", "secondary"');
  });

  it('ships a dark preset that passes its own validation, every value kept', () => {
    expect(checkStyles(darkTheme).issues).to.deep.equal([]);
    expect(Object.keys(themeProperties(darkTheme))).to.have.length(20);
  });
});
