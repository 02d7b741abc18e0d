// The theming gallery: one <auth-login> per theme, side by side (one column at 320 px).
import { darkTheme } from '/dist/define.js';
import { $, client } from '/shared.js';

/** What `styles` alone can do: a warm brand with rounded controls and its own font stack. */
export const brandTheme = {
  fontFamily: '"Segoe UI", system-ui, -apple-system, sans-serif',
  colors: { primary: '#7A2E0E', secondary: '#6B4A3A', success: '#1E6B3A', error: '#A01B1B' },
  container: { backgroundColor: '#FFFFFF', borderColor: '#E7C9B5', borderRadius: 20 },
  buttons: {
    primary: { backgroundColor: '#C2410C', textColor: '#FFFFFF', borderColor: '#9A3412', borderRadius: 999 },
    secondary: { backgroundColor: '#FFF7ED', textColor: '#7A2E0E', borderColor: '#C2410C', borderRadius: 999 },
  },
  inputs: { backgroundColor: '#FFFBF7', textColor: '#3B1D0E', borderColor: '#9A6A50', placeholderColor: '#7A5A48', borderRadius: 12 },
};

const config = { products: ['otp'], otpOptions: { methods: ['email', 'sms'] }, headingLevel: 2 };

for (const [id, styles] of [
  ['default', undefined],
  ['dark', darkTheme],
  ['brand', brandTheme],
]) {
  const login = document.createElement('auth-login');
  login.client = client;
  login.config = config;
  if (styles) login.styles = styles;
  $(id).append(login);
}
$('brand-code').textContent = `login.styles = ${JSON.stringify(brandTheme, null, 2)};`;
