/**
 * docs/reference/methods/oauth.md#errors "Inline error text turns provider-docs links into anchors": React elements built from
 * parsed URLs, https only, no userinfo, and only the providers' documentation hosts (docs/reference/security.md#widget: no innerHTML, an
 * https allowlist); anything else stays text.
 */
import type { ReactNode } from 'react';

/** Hosts whose links become anchors. */
export const DOCS_HOSTS: readonly string[] = ['developers.google.com', 'console.cloud.google.com', 'support.google.com'];

/** `message` with each allowlisted https URL as an anchor (new tab, no opener, no referrer). */
export function linkify(message: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of message.matchAll(/https:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g)) {
    const href = m[0];
    const at = m.index ?? 0;
    const url = URL.canParse(href) ? new URL(href) : undefined;
    if (url?.protocol !== 'https:' || url.username || url.password || !DOCS_HOSTS.includes(url.hostname)) continue;
    out.push(message.slice(last, at));
    out.push(
      <a key={at} href={url.href} target="_blank" rel="noopener noreferrer" part="link">
        {href}
      </a>,
    );
    last = at + href.length;
  }
  out.push(message.slice(last));
  return out;
}
