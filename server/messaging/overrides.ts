/**
 * Messages a project words itself (issue 28): per message kind and per language, a project's own subject,
 * plain text and HTML with named placeholders (`{{code}}`, `{{link}}`...), checked when the server starts
 * and filled in with each value escaped for its channel. The built-in packs (locales.ts) stay the default;
 * server/README.md "Messages" documents the keys and each kind's placeholders.
 */
import { z } from 'zod/mini';
import { MESSAGE_TEXTS, type MessageLocale } from './locales.ts';

/** The placeholders every kind offers. */
const COMMON = ['project_name', 'minutes', 'expires_in'] as const;

/** Each message kind a project may word: its channel and the placeholders it offers. */
export const MESSAGE_KINDS = {
  email_otp: { channel: 'email', placeholders: [...COMMON, 'code', 'email'] },
  sms_otp: { channel: 'sms', placeholders: [...COMMON, 'code', 'phone_number'] },
  whatsapp_otp: { channel: 'whatsapp', placeholders: [...COMMON, 'code', 'phone_number'] },
  magic_link_login: { channel: 'email', placeholders: [...COMMON, 'link', 'email'] },
  magic_link_signup: { channel: 'email', placeholders: [...COMMON, 'link', 'email'] },
  magic_link_invite: { channel: 'email', placeholders: [...COMMON, 'link', 'email', 'first_name'] },
  password_reset: { channel: 'email', placeholders: [...COMMON, 'link', 'login_link', 'email'] },
} as const satisfies Record<string, { channel: 'email' | 'sms' | 'whatsapp'; placeholders: readonly string[] }>;

/** One message kind (a key of the project's `messages`). */
export type MessageKind = keyof typeof MESSAGE_KINDS;
/** The values a kind's placeholders are filled with (absent ones are empty). */
export type PlaceholderValues = Partial<Record<(typeof MESSAGE_KINDS)[MessageKind]['placeholders'][number], string>>;

/** A project's wording of one message in one language; a part left out falls back (see {@link resolveOverride}). */
export interface MessageOverride {
  subject?: string;
  text?: string;
  html?: string;
}

/**
 * The project setting `messages`: `{ "<kind>": { "<locale>" | "default": { subject?, text?, html? } } }`.
 * Kinds and languages are strings here so that a wrong one is reported with its key path ({@link messageOverrideProblems}).
 */
export type MessageOverrides = Readonly<Record<string, Readonly<Record<string, MessageOverride>>>>;

/** Schema of the project file's `messages` (the shape; the contents are checked by {@link messageOverrideProblems}). */
export const MessageOverridesSchema = z.record(
  z.string(),
  z.record(
    z.string(),
    z.strictObject({
      subject: z.optional(z.string().check(z.maxLength(998))),
      text: z.optional(z.string().check(z.maxLength(20_000))),
      html: z.optional(z.string().check(z.maxLength(200_000))),
    }),
  ),
);

/** Longest SMS / WhatsApp text, once filled in, a project may configure: two GSM segments' worth; carriers cut or split longer ones. */
export const MAX_TEXT_MESSAGE_LENGTH = 320;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const ALL_PLACEHOLDERS: ReadonlySet<string> = new Set(Object.values(MESSAGE_KINDS).flatMap((k) => k.placeholders));
const LOCALE_KEYS: ReadonlySet<string> = new Set([...Object.keys(MESSAGE_TEXTS), 'default']);

/** The placeholders of a template, by name, in order. */
function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

/** Problems of a template's placeholders: unknown names, names the kind does not offer, stray braces. */
function placeholderProblems(template: string, offered: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of placeholdersOf(template)) {
    if (!ALL_PLACEHOLDERS.has(name)) out.push(`unknown placeholder {{${name}}}`);
    else if (!offered.includes(name))
      out.push(`placeholder {{${name}}} is not offered by this message (offered: ${offered.map((p) => `{{${p}}}`).join(', ')})`);
  }
  const rest = template.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}')) out.push('unbalanced {{ }}');
  return out;
}

/**
 * Fills `{{name}}` placeholders in one pass (a value that itself reads `{{code}}` is not expanded again),
 * each value through `escapeValue`; a placeholder without a value is empty.
 */
export function fillPlaceholders(template: string, values: PlaceholderValues, escapeValue: (s: string) => string = (s) => s): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = (values as Readonly<Record<string, string | undefined>>)[name];
    return value === undefined ? '' : escapeValue(value);
  });
}

// --- HTML checks -------------------------------------------------------------------------------------

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements that run code, load documents or post data: refused in a message's HTML. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'textarea',
  'select',
  'base',
  'link',
  'svg',
  'math',
  'noscript',
  'template',
  'portal',
]);
/** Attributes that hold a URL. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'background', 'poster', 'cite', 'longdesc', 'srcset', 'xlink:href', 'ping']);
/** Placeholders whose value is a URL the server built (a redirect-allowlisted address): the only ones that may start a URL. */
const URL_PLACEHOLDERS = new Set(['link', 'login_link']);

/** An attribute value as a browser would read it for its scheme: entities decoded, blanks and controls dropped, lower case. */
function schemeView(value: string): string {
  const decoded = value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16) % 0x110000))
    .replace(/&#([0-9]+);?/g, (_, d: string) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, '');
  return decoded.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();
}

/** Problems of one attribute of `<tag>`. */
function attributeProblems(tag: string, name: string, value: string | undefined, quoted: boolean): string[] {
  const out: string[] = [];
  const lower = name.toLowerCase();
  if (name.includes('{{')) return [`placeholder in the attributes of <${tag}> outside a quoted value`];
  if (lower.startsWith('on')) out.push(`event-handler attribute ${lower} on <${tag}>`);
  if (lower === 'http-equiv') out.push(`http-equiv on <${tag}>`);
  if (lower === 'srcdoc') out.push(`srcdoc on <${tag}>`);
  if (value === undefined) return out;
  if (!quoted && value.includes('{{')) out.push(`placeholder in the unquoted value of ${lower} on <${tag}> (quote it)`);
  const view = schemeView(value);
  if (/(java|vb)script:/.test(view)) out.push(`script URL in ${lower} on <${tag}>`);
  if (lower === 'style' && /expression\(|@import|behavior:|-moz-binding/.test(view)) out.push(`unsafe style on <${tag}>`);
  if (URL_ATTRIBUTES.has(lower)) {
    if (view.startsWith('data:') && !view.startsWith('data:image/')) out.push(`data: URL in ${lower} on <${tag}>`);
    const first = /^\s*\{\{\s*([^{}]*?)\s*\}\}/.exec(value);
    if (first && !URL_PLACEHOLDERS.has(first[1] as string))
      out.push(`{{${first[1]}}} starts the URL in ${lower} on <${tag}> (only {{link}} or {{login_link}} may)`);
  }
  return out;
}

const START_TAG = /^<([a-zA-Z][a-zA-Z0-9-]*)/;
const ATTRIBUTE = /^\s+([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/;
const TAG_END = /^\s*(\/?)>/;
const END_TAG = /^<\/([a-zA-Z][a-zA-Z0-9-]*)\s*>/;

/**
 * Problems of a message's HTML: markup that is not balanced (every element but the void ones closed, in
 * order; a bare `<` written `&lt;`), elements and attributes that run script or load documents, script and
 * non-image data URLs, and placeholders where escaping cannot keep a value inert (tag and attribute names,
 * unquoted values, `<style>`, the start of a URL other than the link's).
 */
export function htmlProblems(html: string): string[] {
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const rest = html.slice(lt);
    if (rest.startsWith('<!--')) {
      const end = html.indexOf('-->', lt + 4);
      if (end < 0) return [...out, 'unclosed comment <!--'];
      i = end + 3;
      continue;
    }
    if (/^<!doctype\s/i.test(rest)) {
      const end = html.indexOf('>', lt);
      if (end < 0) return [...out, 'unclosed <!doctype'];
      i = end + 1;
      continue;
    }
    const endTag = END_TAG.exec(rest);
    if (endTag) {
      const name = (endTag[1] as string).toLowerCase();
      const top = open[open.length - 1];
      if (VOID_ELEMENTS.has(name)) out.push(`</${name}> closes a void element`);
      else if (top === undefined) out.push(`</${name}> without an open <${name}>`);
      else if (top !== name) {
        out.push(`</${name}> where <${top}> is still open`);
        if (open.includes(name)) open.length = open.lastIndexOf(name);
      } else open.pop();
      i = lt + endTag[0].length;
      continue;
    }
    const start = START_TAG.exec(rest);
    if (!start) {
      out.push(`a bare "<" (write &lt;)`);
      i = lt + 1;
      continue;
    }
    const tag = (start[1] as string).toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(tag)) out.push(`<${tag}> is not allowed`);
    let j = lt + start[0].length;
    let selfClosing = false;
    for (;;) {
      const tail = html.slice(j);
      const end = TAG_END.exec(tail);
      if (end) {
        selfClosing = end[1] === '/';
        j += end[0].length;
        break;
      }
      const attr = ATTRIBUTE.exec(tail);
      if (!attr) {
        out.push(`unclosed or malformed tag <${tag}>`);
        return out;
      }
      const value = attr[2] ?? attr[3] ?? attr[4];
      out.push(...attributeProblems(tag, attr[1] as string, value, attr[4] === undefined));
      j += attr[0].length;
    }
    i = j;
    if (VOID_ELEMENTS.has(tag) || selfClosing) continue;
    if (tag === 'style' || tag === 'title' || tag === 'script') {
      // Raw text: no markup inside, only the closing tag ends it.
      const close = html.toLowerCase().indexOf(`</${tag}`, i);
      if (close < 0) {
        out.push(`unclosed <${tag}>`);
        return out;
      }
      const body = html.slice(i, close);
      if (tag === 'style' && body.includes('{{')) out.push('placeholder in <style>');
      if (tag === 'style' && /(java|vb)script:|expression\(|@import|behavior:|-moz-binding/.test(schemeView(body))) out.push('unsafe CSS in <style>');
      const endMatch = END_TAG.exec(html.slice(close));
      if (!endMatch) {
        out.push(`malformed </${tag}>`);
        return out;
      }
      i = close + endMatch[0].length;
      continue;
    }
    open.push(tag);
  }
  for (const tag of open.reverse()) out.push(`unclosed <${tag}>`);
  return out;
}

// --- validation of the setting -----------------------------------------------------------------------

/** Sample values for the length check of a text message (a code, a duration, a long phone number). */
function sampleValues(projectName: string): PlaceholderValues {
  return { project_name: projectName, code: '123456', minutes: '10', expires_in: '10 minutes', phone_number: '+123456789012345' };
}

/**
 * Every problem of a project's `messages` setting, each prefixed with its key path
 * (`messages.email_otp.fr.html: unknown placeholder {{cod}}`); empty when it is valid.
 */
export function messageOverrideProblems(messages: unknown, projectName: string): string[] {
  if (messages === undefined || messages === null) return [];
  if (typeof messages !== 'object' || Array.isArray(messages)) return ['messages: must be an object of message kinds'];
  const out: string[] = [];
  for (const [kind, byLocale] of Object.entries(messages as Record<string, unknown>)) {
    const path = `messages.${kind}`;
    if (!Object.hasOwn(MESSAGE_KINDS, kind)) {
      out.push(`${path}: unknown message kind (one of ${Object.keys(MESSAGE_KINDS).join(', ')})`);
      continue;
    }
    const spec = MESSAGE_KINDS[kind as MessageKind];
    if (typeof byLocale !== 'object' || byLocale === null || Array.isArray(byLocale)) {
      out.push(`${path}: must be an object of languages`);
      continue;
    }
    for (const [locale, override] of Object.entries(byLocale as Record<string, unknown>)) {
      const at = `${path}.${locale}`;
      if (!LOCALE_KEYS.has(locale)) {
        out.push(`${at}: unknown language (one of ${[...LOCALE_KEYS].join(', ')})`);
        continue;
      }
      if (typeof override !== 'object' || override === null || Array.isArray(override)) {
        out.push(`${at}: must be an object with subject, text or html`);
        continue;
      }
      for (const [part, template] of Object.entries(override as Record<string, unknown>)) {
        const where = `${at}.${part}`;
        if (part !== 'subject' && part !== 'text' && part !== 'html') {
          out.push(`${where}: unknown part (subject, text or html)`);
          continue;
        }
        if (typeof template !== 'string') {
          out.push(`${where}: must be a string`);
          continue;
        }
        if (spec.channel !== 'email' && part !== 'text') {
          out.push(`${where}: a ${spec.channel} message has only a text`);
          continue;
        }
        const problems = placeholderProblems(template, spec.placeholders);
        // A body without its code or link would reach the user and let them do nothing.
        const needed = (spec.placeholders as readonly string[]).includes('code') ? 'code' : 'link';
        if (part !== 'subject' && !placeholdersOf(template).includes(needed)) problems.push(`the ${part} must contain {{${needed}}}`);
        if (part === 'subject' && /[\r\n]/.test(template)) problems.push('a subject is one line');
        if (part === 'html') problems.push(...htmlProblems(template));
        if (part === 'text' && spec.channel !== 'email') {
          const length = [...fillPlaceholders(template, sampleValues(projectName))].length;
          if (length > MAX_TEXT_MESSAGE_LENGTH) problems.push(`${length} characters once filled in, more than ${MAX_TEXT_MESSAGE_LENGTH}`);
        }
        out.push(...problems.map((p) => `${where}: ${p}`));
      }
    }
  }
  return out;
}

/**
 * The project's wording of `kind` in `locale`, part by part: the language's own override, else the
 * project's `default` override, else nothing (the built-in pack).
 */
export function resolveOverride(messages: MessageOverrides | undefined, kind: MessageKind, locale: MessageLocale): MessageOverride {
  const byLocale = messages?.[kind];
  if (!byLocale) return {};
  const own = Object.hasOwn(byLocale, locale) ? byLocale[locale] : undefined;
  const fallback = Object.hasOwn(byLocale, 'default') ? byLocale.default : undefined;
  const out: MessageOverride = {};
  for (const part of ['subject', 'text', 'html'] as const) {
    const t = own?.[part] ?? fallback?.[part];
    if (t !== undefined) out[part] = t;
  }
  return out;
}
