/**
 * The client core's part of two-step sign-in (issue 29, docs/reference/sdk.md#two-step-sign-in): every sign-in call
 * goes through it. Before the call it adds the trusted device's token (so a later first factor
 * can skip the second step); after it, it keeps the device token a second step answered and the
 * `mfa_required` of a first factor that answered no session. Loaded with the first sign-in call (or
 * the first `client.mfa` read), not in the client's initial JS (issue 16's core budget); no zod,
 * hand-written checks of what is read back from storage.
 */
import type { ApiRequest } from './http.ts';
import type { MfaRequired } from './schemas/second-step.ts';
import { isRecord, str } from './schemas/stored.ts';
import type { KeyValueStore } from './storage.ts';

/** A stored device token: `dvt_` and base64url, bounded (any script of the site can write storage). */
const isDeviceToken = str(5, 256, /^dvt_[A-Za-z0-9_-]+$/);

/** What the client knows of a pending second step and of this device. */
export interface SecondStep {
  /** The last first factor's `mfa_required`, until a session or a sign-out replaces it. */
  pending(): MfaRequired | null;
  /** Calls `fn` each time a first factor asks for a second step (or the pending step ends: null). */
  subscribe(fn: (m: MfaRequired | null) => void): () => void;
  /** The body a sign-in call sends: with this device's token when one is kept and the body has none. */
  withDevice(body: Record<string, unknown>): Record<string, unknown>;
  /** Reads a sign-in answer: keeps its device token, and its `mfa_required` (or clears it on a session). */
  answered(resp: unknown): void;
  /** Forgets this device's token (the user asked not to be remembered here). */
  forgetDevice(): void;
  /**
   * One sign-in call (the client's `ctx.signIn`): sends the body with this device's token through
   * `send` (plain, or with the captcha retry), applies the answer to the session (`update`), reads it.
   */
  signIn<T>(
    req: ApiRequest & { body: Record<string, unknown> },
    send: <R>(req: ApiRequest & { body: Record<string, unknown> }) => Promise<R>,
    update: (resp: T) => void,
  ): Promise<T>;
}

/** Builds the holder; the device token lives in `store` under a key per project. */
export function secondStep(store: KeyValueStore, publicToken: string): SecondStep {
  const key = `auth_elements_device_token::${publicToken}`;
  const listeners = new Set<(m: MfaRequired | null) => void>();
  let pending: MfaRequired | null = null;
  const set = (m: MfaRequired | null) => {
    if (m === pending) return;
    pending = m;
    for (const fn of [...listeners]) fn(m);
  };
  const device = (): string | null => {
    try {
      const v = store.getItem(key);
      return isDeviceToken(v) ? v : null;
    } catch {
      return null;
    }
  };
  const step: SecondStep = {
    pending: () => pending,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    withDevice(body) {
      const token = body['device_token'] === undefined ? device() : null;
      return token ? { ...body, device_token: token } : body;
    },
    answered(resp) {
      if (!isRecord(resp)) return;
      const token = resp['device_token'];
      if (isDeviceToken(token)) {
        try {
          store.setItem(key, token);
        } catch {
          // a full or blocked store: the next sign-in asks the second step again, nothing breaks
        }
      }
      const m = resp['mfa_required'];
      if (isRecord(m) && Array.isArray(m['factors']) && typeof resp['intermediate_session_token'] === 'string') set(m as unknown as MfaRequired);
      else if (typeof resp['session_token'] === 'string') set(null);
    },
    forgetDevice() {
      try {
        store.removeItem(key);
      } catch {
        // nothing kept
      }
    },
    async signIn<T>(
      req: ApiRequest & { body: Record<string, unknown> },
      send: <R>(r: ApiRequest & { body: Record<string, unknown> }) => Promise<R>,
      update: (resp: T) => void,
    ) {
      const resp = await send<T>({ ...req, body: step.withDevice(req.body) });
      update(resp);
      step.answered(resp);
      return resp;
    },
  };
  return step;
}
