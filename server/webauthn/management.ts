/** A user's WebAuthn registrations (docs/reference/methods/webauthn.md#calls): rename (`webauthn/update/:id`) and remove (`users/webauthn_registrations/:id`). */
import { WebAuthnUpdateRequest } from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { ApiError } from '../errors.ts';
import { readJson } from '../body.ts';
import { ok } from '../responses.ts';
import type { Services } from '../services.ts';
import type { Route } from '../routes/types.ts';
import { toRegistrationInfo } from './store.ts';

/** Registers the rename and the removal of a registration (the signed-in user's own only). */
export function managementRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  route('PUT', '/sdk/v1/webauthn/update/:id', async (c) => {
    const session = await requireSession(c, svc);
    const body = await readJson(c, WebAuthnUpdateRequest, svc.maxBodyBytes);
    const id = c.req.param('id') ?? '';
    // A body naming another registration than the path is a confused client: refuse, rename nothing.
    if (body.webauthn_registration_id !== undefined && body.webauthn_registration_id !== id) {
      throw new ApiError('invalid_request_body', {
        schemaErrors: [{ dataPath: '.webauthn_registration_id', message: 'must match the registration id in the path' }],
      });
    }
    const name = body.name.trim();
    if (name === '') {
      throw new ApiError('invalid_request_body', { schemaErrors: [{ dataPath: '.name', message: 'must not be blank' }] });
    }
    const updated = await k
      .updateTable('webauthn_registrations')
      .set({ name })
      .where('webauthn_registration_id', '=', id)
      .where('user_id', '=', session.user_id)
      .where('project_id', '=', pid)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new ApiError('webauthn_registration_not_found');
    return ok(c, { webauthn_registration: toRegistrationInfo(updated) });
  });
}
