/** A user's WebAuthn registrations in wire shape (users/me, authenticate answers, update). */
import type { WebAuthnRegistrationInfo } from '../../sdk-core/schemas/index.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { Services } from '../services.ts';
import type { UserRecords } from '../method.ts';
import type { WebAuthnRegistrationsTable } from './tables.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Wire shape of one stored registration; never the key material or counter. */
export function toRegistrationInfo(r: WebAuthnRegistrationsTable): WebAuthnRegistrationInfo {
  return {
    webauthn_registration_id: r.webauthn_registration_id,
    name: r.name,
    domain: r.domain,
    user_agent: r.user_agent,
    authenticator_type: r.authenticator_type,
    verified: true,
    is_passkey: r.is_passkey === 1,
    created_at: iso(r.created_at),
    last_used_at: r.last_used_at === null ? null : iso(r.last_used_at),
  };
}

/** The webauthn method's part of the wire user (docs/reference/wire-protocol.md#authenticate-answers `user.webauthn_registrations`), for loadUser. */
export async function webauthnUserRecords(svc: Services, userId: string): Promise<UserRecords> {
  return { webauthn_registrations: await userWebAuthnRegistrations(svc, userId) };
}

/** The user's registrations, oldest first. */
export async function userWebAuthnRegistrations(svc: Services, userId: string): Promise<WebAuthnRegistrationInfo[]> {
  return (await userRegistrationRows(svc.db.kysely, userId, svc.project.project_id)).map(toRegistrationInfo);
}

/** The user's registration rows, oldest first (compiled once: loadUser runs it on every authenticate). */
export const userRegistrationRows = preparedQuery((k, userId: string, projectId: string) =>
  k
    .selectFrom('webauthn_registrations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('webauthn_registration_id'),
);
