/**
 * Renders the server's messages from the per-locale texts (locales.ts; issue 19): a plain-text part for
 * every channel and an HTML part for email. Inserted values (the project name, the code, links) are
 * escaped per channel: HTML-escaped (text and attributes) in the HTML part, left as they are in the
 * plain-text part and in SMS / WhatsApp, where markup means nothing. The template texts are ours, but
 * they are escaped in HTML too, so a translation with a '<' or '&' cannot break the markup.
 */
import type { InboxChannel } from '../../sdk-core/schemas/index.ts';
import { MESSAGE_TEXTS, type MessageLocale, type MessageTexts, RTL_MESSAGE_LOCALES } from './locales.ts';
import { fillPlaceholders, type MessageKind, type MessageOverrides, type PlaceholderValues, resolveOverride } from './overrides.ts';

/** A rendered message: subject (email only), plain text, and HTML (email only). */
export interface RenderedMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

const LOCALES = Object.keys(MESSAGE_TEXTS) as MessageLocale[];

/**
 * The message language for a request's `locale` (docs/reference/config.md#product-options otpOptions.locale, sent in the bodies of
 * docs/reference/wire-protocol.md#calls's OTP, magic-link and reset sends): the same matching as the widget's packs (`fr-CA` -> fr,
 * `pt` -> pt-BR, `zh` / `zh-Hans` -> zh-CN), else English. Anything unusable is English, never an error:
 * the language of a message is a preference, and a send must not fail over it.
 */
export function messageLocale(tag: unknown): MessageLocale {
  if (typeof tag !== 'string' || tag.trim() === '') return 'en';
  let parsed: Intl.Locale;
  try {
    parsed = new Intl.Locale(tag.trim().replace(/_/g, '-'));
  } catch {
    return 'en';
  }
  const lang = parsed.language.toLowerCase();
  if (lang === 'zh') return parsed.maximize().script === 'Hans' ? 'zh-CN' : 'en';
  if (lang === 'pt') return 'pt-BR';
  return (LOCALES as string[]).includes(lang) ? (lang as MessageLocale) : 'en';
}

/** `s` safe as HTML text and as a double-quoted attribute value. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A header-safe line: control characters (CR, LF, ...) in a project name must not fold or split the subject. */
const headerSafe = (s: string) => s.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/** `{name}` placeholders filled in; with `html`, the template text and the values are escaped, and `{code}` is bold. */
function fill(template: string, vars: Readonly<Record<string, string>>, html = false): string {
  return template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      const name = m?.[1];
      if (name === undefined || !Object.hasOwn(vars, name)) return html ? escapeHtml(part) : part;
      const value = vars[name] as string;
      if (!html) return value;
      return name === 'code' ? `<strong>${escapeHtml(value)}</strong>` : escapeHtml(value);
    })
    .join('');
}

/** One formatter per language: building an Intl.NumberFormat took 0.25 ms a message (profiled in the fuzzer), formatting with a kept one 0.005 ms. */
const minuteFormats = new Map<MessageLocale, Intl.NumberFormat>();

/** "5 minutes" in the message's language (Intl's unit formatting knows each language's plural forms). */
export function formatMinutes(locale: MessageLocale, minutes: number): string {
  let format = minuteFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
    minuteFormats.set(locale, format);
  }
  return format.format(minutes);
}

/** The HTML document around `body` (paragraphs already escaped), in the message's language and direction. */
function htmlDocument(locale: MessageLocale, title: string, body: string): string {
  const dir = RTL_MESSAGE_LOCALES.has(locale) ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1f2328">
${body}
</body>
</html>
`;
}

/** A link as a button, and its address written out beneath for mail clients that hide buttons. */
const htmlLink = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 20px;background:#19303d;color:#ffffff;border-radius:4px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#57606a;word-break:break-all" dir="ltr">${escapeHtml(href)}</p>`;

/** A one-time passcode message: an email (subject, text, HTML) or a short SMS / WhatsApp text. */
export function renderOtpMessage(
  locale: MessageLocale,
  channel: InboxChannel,
  v: { project: string; code: string; minutes: number; to?: string },
  messages?: MessageOverrides,
): RenderedMessage {
  const t: MessageTexts = MESSAGE_TEXTS[locale];
  const vars = { project: v.project, code: v.code, expires: formatMinutes(locale, v.minutes) };
  const kind: MessageKind = channel === 'email' ? 'email_otp' : channel === 'sms' ? 'sms_otp' : 'whatsapp_otp';
  const values: PlaceholderValues = {
    ...commonValues(locale, v),
    code: v.code,
    ...(v.to !== undefined ? (channel === 'email' ? { email: v.to } : { phone_number: v.to }) : {}),
  };
  const builtin = (subject: string | null): RenderedMessage => {
    if (channel !== 'email') return { subject: null, text: fill(t.otpText, vars), html: null };
    const s = subject ?? headerSafe(fill(t.otpSubject, vars));
    return { subject: s, text: fill(t.otpEmail, vars), html: htmlDocument(locale, s, `<p>${fill(t.otpEmail, vars, true)}</p>`) };
  };
  return withOverride(locale, kind, values, messages, builtin);
}

/** Which link email: a magic-link login, a magic-link sign-up, an invitation, or a password reset. */
export type LinkKind = 'login' | 'signup' | 'invite' | 'reset';

const LINK_KINDS: Readonly<Record<LinkKind, MessageKind>> = {
  login: 'magic_link_login',
  signup: 'magic_link_signup',
  invite: 'magic_link_invite',
  reset: 'password_reset',
};

/** A link email (subject, text, HTML); a reset may carry a second link that logs in without a change. */
export function renderLinkMessage(
  locale: MessageLocale,
  kind: LinkKind,
  v: { project: string; link: string; minutes: number; loginLink?: string | null; to?: string; firstName?: string | null },
  messages?: MessageOverrides,
): RenderedMessage {
  const t: MessageTexts = MESSAGE_TEXTS[locale];
  const vars = { project: v.project, expires: formatMinutes(locale, v.minutes) };
  // The built-in packs word an invitation as a sign-up.
  const [subjectT, introT, buttonT] =
    kind === 'login'
      ? [t.loginSubject, t.loginIntro, t.loginButton]
      : kind === 'signup' || kind === 'invite'
        ? [t.signupSubject, t.signupIntro, t.signupButton]
        : [t.resetSubject, t.resetIntro, t.resetButton];
  const second = kind === 'reset' && v.loginLink ? v.loginLink : null;
  const values: PlaceholderValues = {
    ...commonValues(locale, v),
    link: v.link,
    ...(second ? { login_link: second } : {}),
    ...(v.to !== undefined ? { email: v.to } : {}),
    ...(v.firstName ? { first_name: v.firstName } : {}),
  };
  const builtin = (subjectOverride: string | null): RenderedMessage => {
    const subject = subjectOverride ?? headerSafe(fill(subjectT, vars));
    const text = `${fill(introT, vars)}\n\n${v.link}${second ? `\n\n${fill(t.resetLoginIntro, vars)}\n\n${second}` : ''}\n\n${fill(t.linkFooter, vars)}`;
    const body = [
      `<p>${fill(introT, vars, true)}</p>`,
      htmlLink(v.link, fill(buttonT, vars)),
      ...(second ? [`<p>${fill(t.resetLoginIntro, vars, true)}</p>`, htmlLink(second, fill(t.resetLoginButton, vars))] : []),
      `<p style="font-size:13px;color:#57606a">${fill(t.linkFooter, vars, true)}</p>`,
    ].join('\n');
    return { subject, text, html: htmlDocument(locale, subject, body) };
  };
  return withOverride(locale, LINK_KINDS[kind], values, messages, builtin);
}

/** The placeholders every kind offers. */
function commonValues(locale: MessageLocale, v: { project: string; minutes: number }): PlaceholderValues {
  return { project_name: v.project, minutes: String(v.minutes), expires_in: formatMinutes(locale, v.minutes) };
}

/**
 * The message with the project's wording where it has one (overrides.ts: the language's, else its
 * `default`), each value escaped for its part: header-safe in the subject, HTML-escaped in the HTML,
 * as it is in the text. An email whose text is the project's but whose HTML is not gets an HTML part
 * made from that text, so the two parts never say different things.
 */
function withOverride(
  locale: MessageLocale,
  kind: MessageKind,
  values: PlaceholderValues,
  messages: MessageOverrides | undefined,
  builtin: (subject: string | null) => RenderedMessage,
): RenderedMessage {
  const o = resolveOverride(messages, kind, locale);
  const subject = o.subject !== undefined ? headerSafe(fillPlaceholders(o.subject, values, headerSafe)) : null;
  const base = builtin(subject);
  if (base.subject === null) return o.text !== undefined ? { ...base, text: fillPlaceholders(o.text, values) } : base;
  const text = o.text !== undefined ? fillPlaceholders(o.text, values) : base.text;
  const title = base.subject;
  let html = base.html;
  if (o.html !== undefined) {
    const filled = fillPlaceholders(o.html, values, escapeHtml);
    // A whole document is the project's as written; a fragment goes in our document (language, direction, charset).
    html = /<html[\s>]/i.test(o.html) ? filled : htmlDocument(locale, title, filled);
  } else if (o.text !== undefined) {
    const paragraphs = text
      .replace(/\r\n?/g, '\n')
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('\n');
    html = htmlDocument(locale, title, paragraphs);
  }
  return { subject: title, text, html };
}
