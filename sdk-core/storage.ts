/**
 * Small seams over the browser's storage APIs so the SDK runs where they are missing or throw
 * (private mode, sandboxed iframes, Node tests) without failing a sign-in.
 */
import { readDocumentCookie, writeDocumentCookie } from './dom-cookie.ts';

/** A minimal key-value store with the localStorage contract. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An in-memory store; used when localStorage is missing or unusable. */
export class MemoryStore implements KeyValueStore {
  private readonly map = new Map<string, string>();
  /** Reads a value. */
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  /** Writes a value. */
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
  /** Deletes a value. */
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

/** Returns localStorage when it can really store a value, else a memory store. */
export function defaultStore(): KeyValueStore {
  try {
    const ls = globalThis.localStorage;
    const probe = '__auth_elements_probe__';
    ls.setItem(probe, probe);
    ls.removeItem(probe);
    return ls;
  } catch {
    return new MemoryStore();
  }
}

/**
 * Wraps a store so that a throwing one (blocked storage, quota, a host's broken shim) degrades to
 * memory for the rest of the page's life instead of throwing into a sign-in.
 */
export function resilientStore(inner: KeyValueStore): KeyValueStore {
  const memory = new MemoryStore();
  let broken = false;
  const attempt = <T>(op: (s: KeyValueStore) => T): T => {
    if (!broken) {
      try {
        return op(inner);
      } catch {
        broken = true;
      }
    }
    return op(memory);
  };
  return {
    getItem: (k) => attempt((s) => s.getItem(k)),
    setItem: (k, v) => attempt((s) => s.setItem(k, v)),
    removeItem: (k) => attempt((s) => s.removeItem(k)),
  };
}

/** Cookie attributes the SDK sets (docs/reference/constants.md#client-sdk). */
export interface CookieAttributes {
  path?: string;
  domain?: string;
  expires?: Date;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

/** Reading and writing cookies; the document-backed jar is the default. */
export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, attributes: CookieAttributes): void;
  remove(name: string, attributes: CookieAttributes): void;
}

/** Serialises a cookie assignment the way `document.cookie` expects it. */
export function serializeCookie(name: string, value: string, a: CookieAttributes): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  parts.push(`path=${a.path ?? '/'}`);
  if (a.domain) parts.push(`domain=${a.domain}`);
  if (a.expires) parts.push(`expires=${a.expires.toUTCString()}`);
  parts.push(`SameSite=${a.sameSite ?? 'Lax'}`);
  if (a.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Finds one cookie's value in a `document.cookie` string. */
export function parseCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * A cookie jar over `document.cookie`, read and written through Document.prototype so a host page's
 * `<img name="cookie">` cannot hide it (DOM clobbering, see dom.ts); a memory jar where there is no document.
 * The Cookie Store API would avoid the string parsing but is async and missing in Firefox and Safari;
 * values are escaped by serializeCookie.
 */
export function defaultCookieJar(): CookieJar {
  if (typeof document === 'undefined') return new MemoryCookieJar();
  return {
    get: (name) => parseCookie(readDocumentCookie(), name),
    set: (name, value, a) => writeDocumentCookie(serializeCookie(name, value, a)),
    remove: (name, a) => writeDocumentCookie(serializeCookie(name, '', { ...a, expires: new Date(0) })),
  };
}

/** Cookie jar kept in memory, for non-document environments and tests. */
export class MemoryCookieJar implements CookieJar {
  /** Last attributes written per cookie, so tests can assert them. */
  readonly written = new Map<string, { value: string; attributes: CookieAttributes }>();
  /** Reads a cookie. */
  get(name: string): string | null {
    return this.written.get(name)?.value ?? null;
  }
  /** Writes a cookie. */
  set(name: string, value: string, attributes: CookieAttributes): void {
    this.written.set(name, { value, attributes });
  }
  /** Deletes a cookie. */
  remove(name: string): void {
    this.written.delete(name);
  }
}

/** True for hosts where browsers treat plain http as secure, so `Secure` cookies would be dropped (docs/reference/constants.md#client-sdk). */
export function isLoopbackHost(hostname: string): boolean {
  // localhost and its subdomains, the IPv6 loopback with or without brackets, 127.x.x.x.
  return /^((.*\.)?localhost|\[::1\]|::1|127(\.\d{1,3}){3})$/.test(hostname);
}
