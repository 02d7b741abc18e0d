/**
 * What each design token styles: documentation only (the Custom Elements Manifest, the editor data
 * and the README's theming table), kept out of the browser bundle. Typed over every token, so a
 * token without a description does not compile.
 */
import type { ThemeProperty } from './theme.ts';

/** A one-line description of each `--auth-*` token. */
export const THEME_TOKEN_DOCS: Readonly<Record<ThemeProperty, string>> = {
  '--auth-font-family': 'Font of every text.',
  '--auth-color-primary': 'Headings, body text, links, focus ring, selected tab.',
  '--auth-color-secondary': 'Helper text, unselected tabs, divider text, watermark.',
  '--auth-color-success': 'Success check, met password rules, success toasts.',
  '--auth-color-error': 'Field errors, banners, invalid inputs, error toasts.',
  '--auth-color-disabled': 'Disabled input background, progress track.',
  '--auth-container-background': 'Background of the widget box.',
  '--auth-container-border': 'Border of the widget box, tabs and dividers.',
  '--auth-container-radius': 'Corner radius of the widget box.',
  '--auth-container-width': 'Largest width of the widget; it shrinks with its container below it.',
  '--auth-button-primary-background': 'Primary button background.',
  '--auth-button-primary-text': 'Primary button text.',
  '--auth-button-primary-border': 'Primary button border.',
  '--auth-button-primary-radius': 'Primary button corner radius.',
  '--auth-button-primary-hover-overlay': 'Tint laid over a primary button under the pointer (by default its text colour, faint).',
  '--auth-button-primary-active-overlay': 'Tint laid over a primary button while pressed.',
  '--auth-button-secondary-background': 'Secondary button background (mailbox links, passkey buttons, Skip).',
  '--auth-button-secondary-text': 'Secondary button text.',
  '--auth-button-secondary-border': 'Secondary button border.',
  '--auth-button-secondary-radius': 'Secondary button corner radius.',
  '--auth-button-secondary-hover-overlay': 'Tint laid over a secondary button under the pointer.',
  '--auth-button-secondary-active-overlay': 'Tint laid over a secondary button while pressed.',
  '--auth-button-disabled-background': 'Disabled button background.',
  '--auth-button-disabled-text': 'Disabled button text.',
  '--auth-button-disabled-border': 'Disabled button border.',
  '--auth-button-disabled-radius': 'Disabled button corner radius.',
  '--auth-button-height': 'Height of every full-width button (docs/reference/constants.md#widget).',
  '--auth-input-background': 'Input background.',
  '--auth-input-text': 'Input text.',
  '--auth-input-border': 'Input border.',
  '--auth-input-placeholder': 'Input placeholder text.',
  '--auth-input-radius': 'Input corner radius.',
  '--auth-input-height': 'Input height (docs/reference/constants.md#widget).',
  '--auth-banner-background': 'Background of the warning banner on Main.',
  '--auth-loading-overlay': 'No longer painted (the pressed button shows the busy state and the form stays visible); accepted so existing CSS stays valid.',
  '--auth-toast-text': 'Text of success and error toasts.',
};
