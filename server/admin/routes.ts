/**
 * Core's `/v1` calls of the admin console (issue 31, docs/reference/admin.md#calls), each registered through
 * `BackendRoute` (a project secret or an admin's session, server/admin/access.ts; every change audited by
 * the route wrapper, server/audit/record.ts): suspend and restore a user, the signing keys (list, rotate),
 * the project secrets (list, create shown once, revoke), the message templates (list, preview) and the
 * overview's daily counts. The methods' parts (roles, impersonation, IdP clients) are in their folders'
 * `backendRoutes`; project settings are in server/admin/settings.ts.
 */
import { z } from 'zod/mini';
import { requireBackendUser } from '../backend/users.ts';
import { backendOk } from '../backend/auth.ts';
import { createProjectSecret, listProjectSecrets, revokeProjectSecret } from '../backend/secrets.ts';
import { readJson } from '../body.ts';
import { ApiError } from '../errors.ts';
import { listSigningKeys, rotateSigningKey, SESSION_JWT_TTL_SECONDS } from '../keys.ts';
import { MESSAGE_TEXTS, type MessageLocale } from '../messaging/locales.ts';
import { MESSAGE_KINDS, type MessageKind, resolveOverride } from '../messaging/overrides.ts';
import { renderLinkMessage, renderOtpMessage } from '../messaging/templates.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Ctx, Services } from '../services.ts';
import { revokeUserSessions } from '../user-actions.ts';
import { callerAdminId, listAdmins } from './access.ts';
import { projectSettingsRoutes } from './settings.ts';
import { dailyStats, MAX_STATS_DAYS } from './stats.ts';

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** The signing key states `keys list` shows: `pending` (published, signs later), `signing`, `retiring` (in the JWKS until its last JWT expires), `retired`. */
function keyState(k: { active_from: number; retire_at: number | null }, now: number): 'pending' | 'signing' | 'retiring' | 'retired' {
  if (k.retire_at !== null && k.retire_at <= now) return 'retired';
  if (k.active_from > now) return 'pending';
  return k.retire_at !== null ? 'retiring' : 'signing';
}

const SuspendBody = z.strictObject({ reason: z.optional(z.string().check(z.maxLength(500))) });
const RotateBody = z.strictObject({ active_in_seconds: z.optional(z.int().check(z.gte(0), z.lte(30 * 86_400))) });
const PreviewBody = z.strictObject({ kind: z.enum(Object.keys(MESSAGE_KINDS) as [MessageKind, ...MessageKind[]]), locale: z.string().check(z.maxLength(16)) });

/** Sample values of a preview: no real code, address or link ever appears. */
const SAMPLE = { code: '123456', email: 'ada@example.com', phone: '+15555550123', link: 'https://example.com/authenticate?token=sample', minutes: 10 };

/** A message kind in a language, as the project would send it now (its own wording where it has one), with sample values. */
function renderSample(svc: Services, kind: MessageKind, locale: MessageLocale) {
  const project = svc.project.project_name;
  const messages = svc.project.config.messages;
  if (kind === 'email_otp' || kind === 'sms_otp' || kind === 'whatsapp_otp') {
    const channel = kind === 'email_otp' ? 'email' : kind === 'sms_otp' ? 'sms' : 'whatsapp';
    return renderOtpMessage(
      locale,
      channel,
      { project, code: SAMPLE.code, minutes: SAMPLE.minutes, to: channel === 'email' ? SAMPLE.email : SAMPLE.phone },
      messages,
    );
  }
  const linkKind = kind === 'magic_link_login' ? 'login' : kind === 'magic_link_signup' ? 'signup' : kind === 'magic_link_invite' ? 'invite' : 'reset';
  return renderLinkMessage(
    locale,
    linkKind,
    {
      project,
      link: SAMPLE.link,
      minutes: SAMPLE.minutes,
      to: SAMPLE.email,
      firstName: 'Ada',
      loginLink: linkKind === 'reset' ? `${SAMPLE.link}&login=1` : null,
    },
    messages,
  );
}

async function userParam(c: Ctx, svc: Services): Promise<string> {
  const userId = c.req.param('user_id') ?? '';
  await requireBackendUser(svc, userId);
  return userId;
}

/** Registers the console's core calls. */
export function adminBackendRoutes(route: BackendRoute, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  // Suspension (docs/reference/admin.md#suspension): the flag first, so no sign-in starts a session after
  // the revocation below (server/admin/suspended.ts checks it before every new session).
  route('POST', '/v1/users/:user_id/suspend', async (c) => {
    const userId = await userParam(c, svc);
    await readJson(c, SuspendBody, svc.maxBodyBytes);
    if (callerAdminId(c) === userId) throw new ApiError('invalid_request_body', { message: 'An admin cannot suspend themselves (user_id is the caller).' });
    await k
      .updateTable('users')
      .set({ suspended_at: svc.now() })
      .where('user_id', '=', userId)
      .where('project_id', '=', pid)
      .where('suspended_at', 'is', null)
      .execute();
    const revoked = await revokeUserSessions(svc, userId);
    await svc.events.emit({ type: 'user.updated', user_id: userId });
    return backendOk(c, { user_id: userId, sessions_revoked: revoked.length, user: await requireBackendUser(svc, userId) });
  });
  route('POST', '/v1/users/:user_id/restore', async (c) => {
    const userId = await userParam(c, svc);
    await readJson(c, SuspendBody, svc.maxBodyBytes);
    await k.updateTable('users').set({ suspended_at: null }).where('user_id', '=', userId).where('project_id', '=', pid).execute();
    await svc.events.emit({ type: 'user.updated', user_id: userId });
    return backendOk(c, { user_id: userId, user: await requireBackendUser(svc, userId) });
  });

  // Who holds the admin role (the console's own page of admins; `admin list` at the CLI).
  route('GET', '/v1/admins', async (c) => {
    const admins = await listAdmins(svc.db, pid);
    const emails =
      admins.length === 0
        ? []
        : await k
            .selectFrom('emails')
            .select(['user_id', 'email'])
            .where('project_id', '=', pid)
            .where(
              'user_id',
              'in',
              admins.map((a) => a.user_id),
            )
            .execute();
    return backendOk(c, {
      admins: admins.map((a) => ({ ...a, granted_at: iso(a.granted_at), emails: emails.filter((e) => e.user_id === a.user_id).map((e) => e.email) })),
    });
  });

  // Signing keys serve every project of the database (keys.ts): the console shows and rotates them as the CLI does.
  route('GET', '/v1/signing_keys', async (c) => {
    const now = svc.now();
    const keys = (await listSigningKeys(svc.db)).map((key) => ({
      kid: key.kid,
      state: keyState(key, now),
      created_at: iso(key.created_at),
      active_from: iso(key.active_from),
      retire_at: iso(key.retire_at),
    }));
    return backendOk(c, { signing_keys: keys, jwt_lifetime_seconds: SESSION_JWT_TTL_SECONDS });
  });
  route('POST', '/v1/signing_keys/rotate', async (c) => {
    const body = await readJson(c, RotateBody, svc.maxBodyBytes);
    const now = svc.now();
    try {
      const r = await rotateSigningKey(svc.db, { now, activeAt: now + (body.active_in_seconds ?? 0) * 1000 });
      return backendOk(c, { kid: r.kid, active_from: iso(r.activeFrom), previous_retire_at: iso(r.previousRetireAt) });
    } catch (err) {
      // One rotation may be pending at a time (keys.ts): the message says which.
      throw new ApiError('invalid_request_body', { message: err instanceof Error ? err.message : 'The rotation was refused.', cause: err });
    }
  });

  // Project secrets: listed without the secret (only its hash is stored); a new one is in its create answer only.
  route('GET', '/v1/secrets', async (c) => {
    const secrets = (await listProjectSecrets(k, pid)).map((s) => ({
      secret_id: s.secret_id,
      created_at: iso(s.created_at),
      last_used_at: iso(s.last_used_at),
      revoked_at: iso(s.revoked_at),
    }));
    return backendOk(c, { secrets });
  });
  route('POST', '/v1/secrets', async (c) => {
    await readJson(c, z.strictObject({}), svc.maxBodyBytes);
    const s = await createProjectSecret(k, svc.project, svc.now());
    c.header('Cache-Control', 'no-store');
    return backendOk(c, { secret_id: s.secret_id, secret: s.secret, created_at: iso(s.created_at) });
  });
  route('POST', '/v1/secrets/:secret_id/revoke', async (c) => {
    const id = c.req.param('secret_id') ?? '';
    if (!(await revokeProjectSecret(k, pid, id, svc.now()))) throw new ApiError('not_found', { message: 'The project has no active secret by this id.' });
    return backendOk(c, { secret_id: id });
  });

  // Message templates (server/messaging): each kind and language, and whether the project words it itself.
  route('GET', '/v1/templates', (c) => {
    const messages = svc.project.config.messages;
    const locales = Object.keys(MESSAGE_TEXTS) as MessageLocale[];
    const templates = (Object.keys(MESSAGE_KINDS) as MessageKind[]).map((kind) => ({
      kind,
      channel: MESSAGE_KINDS[kind].channel,
      placeholders: [...MESSAGE_KINDS[kind].placeholders],
      locales: locales.map((locale) => {
        const own = resolveOverride(messages, kind, locale);
        return { locale, overridden: (['subject', 'text', 'html'] as const).filter((p) => own[p] !== undefined) };
      }),
    }));
    return backendOk(c, { templates, locales });
  });
  route('POST', '/v1/templates/preview', async (c) => {
    const body = await readJson(c, PreviewBody, svc.maxBodyBytes);
    if (!Object.hasOwn(MESSAGE_TEXTS, body.locale)) {
      throw new ApiError('invalid_request_body', { message: `locale: ${JSON.stringify(body.locale)} is not one of ${Object.keys(MESSAGE_TEXTS).join(', ')}.` });
    }
    const m = renderSample(svc, body.kind, body.locale as MessageLocale);
    return backendOk(c, { kind: body.kind, locale: body.locale, subject: m.subject, html: m.html, text: m.text });
  });

  projectSettingsRoutes(route, svc);

  // The overview (docs/reference/admin.md#overview): real counts per UTC day.
  route('GET', '/v1/stats', async (c) => {
    const raw = c.req.query('days');
    const days = raw === undefined ? 30 : Number(raw);
    if (!Number.isInteger(days) || days < 1 || days > MAX_STATS_DAYS) {
      throw new ApiError('invalid_request_body', { message: `days must be an integer from 1 to ${MAX_STATS_DAYS}.` });
    }
    return backendOk(c, await dailyStats(svc, days));
  });
}
