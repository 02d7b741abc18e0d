/**
 * The before_user_create hook (issue 28): asked before any user is created, on every sign-up path (core's
 * users.ts `newUserRow` is the one place a user row is built). It allows, denies with a message the widget
 * shows (`user_creation_denied`), or allows with metadata the new user starts with.
 */
import { BACKEND_JSON_FIELD_MAX_BYTES } from '../backend/schemas.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import { callHook, isObject } from './call.ts';

/** What a sign-up knows of the user about to be created (the hook's `data`). */
export interface NewUserFacts {
  /**
   * The path creating the user: `email` or `phone` (core's find-or-create by address, whichever method
   * sends), `backend` (POST /v1/users), or the name of the sign-in method creating it itself.
   */
  source: string;
  status: 'active' | 'pending';
  email?: string;
  phone_number?: string;
  /** What that method knows of the new user (e.g. the provider it signs in with), as the hook's `data.details`. */
  details?: Record<string, unknown>;
}

/** Metadata a hook gave the new user, serialised as stored (absent: the column's default `{}`). */
export interface NewUserMetadata {
  trusted_metadata?: string;
  untrusted_metadata?: string;
}

/** Longest deny message shown to the user (characters); a longer one is cut. */
export const DENY_MESSAGE_MAX = 300;
const DEFAULT_DENY_MESSAGE = 'Sign-up is not allowed for this account.';

type Answer = { allow: false; message: string } | { allow: true; metadata: NewUserMetadata };

/**
 * Asks the project's before_user_create hook, when set, about a user about to be created.
 * @throws ApiError user_creation_denied with the hook's message; hook_unavailable when a fail-closed hook failed
 */
export async function admitNewUser(svc: Services, facts: NewUserFacts): Promise<NewUserMetadata> {
  const data = {
    source: facts.source,
    status: facts.status,
    email: facts.email ?? null,
    phone_number: facts.phone_number ?? null,
    details: facts.details ?? {},
  };
  const r = await callHook(svc, 'before_user_create', data, parseAnswer);
  if (r.kind === 'none') return {};
  if (r.kind === 'failed') {
    if (r.failOpen) return {};
    throw new ApiError('hook_unavailable');
  }
  if (!r.value.allow) throw new ApiError('user_creation_denied', { message: r.value.message });
  return r.value.metadata;
}

/** The answer `{ decision: 'allow' | 'deny', message?, trusted_metadata?, untrusted_metadata? }`, or what is wrong with it. */
function parseAnswer(a: unknown): Answer | string {
  if (!isObject(a)) return 'not a JSON object';
  if (a.decision === 'deny') {
    if (a.message !== undefined && typeof a.message !== 'string') return 'message must be a string';
    return { allow: false, message: denyMessage(a.message) };
  }
  if (a.decision !== 'allow') return 'decision must be "allow" or "deny"';
  const metadata: NewUserMetadata = {};
  for (const key of ['trusted_metadata', 'untrusted_metadata'] as const) {
    const v = a[key];
    if (v === undefined) continue;
    if (!isObject(v)) return `${key} must be a JSON object`;
    const json = JSON.stringify(v);
    if (Buffer.byteLength(json) > BACKEND_JSON_FIELD_MAX_BYTES) return `${key} exceeds ${BACKEND_JSON_FIELD_MAX_BYTES} bytes`;
    metadata[key] = json;
  }
  return { allow: true, metadata };
}

/** The message shown to the user: one line of text, no control characters, at most {@link DENY_MESSAGE_MAX} characters. */
function denyMessage(raw: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = (raw ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return clean === '' ? DEFAULT_DENY_MESSAGE : [...clean].slice(0, DENY_MESSAGE_MAX).join('');
}
