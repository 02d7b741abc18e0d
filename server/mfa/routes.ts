/**
 * Trusted devices (docs/reference/mfa.md#trusted-devices): the signed-in user's list and revoke, and the
 * backend API's for any user of the project. A device of another user reads as not found.
 */
import type { TrustedDevicesResponse } from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { backendOk } from '../backend/auth.ts';
import { requireBackendUser } from '../backend/users.ts';
import { ApiError } from '../errors.ts';
import { ok } from '../responses.ts';
import type { BackendRoute, Route } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { listTrustedDevices, revokeTrustedDevice } from './store.ts';

const deviceNotFound = () => new ApiError('not_found', { message: 'The user has no trusted device by this id.' });

/** Registers `GET /sdk/v1/users/me/trusted_devices` and `DELETE /sdk/v1/users/me/trusted_devices/:device_id`. */
export function trustedDeviceRoutes(route: Route, svc: Services): void {
  route('GET', '/sdk/v1/users/me/trusted_devices', async (c) => {
    const session = await requireSession(c, svc);
    const answer: TrustedDevicesResponse = { trusted_devices: await listTrustedDevices(svc, session.user_id) };
    return ok(c, answer);
  });

  route('DELETE', '/sdk/v1/users/me/trusted_devices/:device_id', async (c) => {
    const session = await requireSession(c, svc);
    const deviceId = c.req.param('device_id') ?? '';
    if (!(await revokeTrustedDevice(svc, session.user_id, deviceId))) throw deviceNotFound();
    return ok(c, { device_id: deviceId });
  });
}

/** Registers `GET /v1/users/:user_id/trusted_devices` and `DELETE /v1/users/:user_id/trusted_devices/:device_id` (project secret). */
export function trustedDeviceBackendRoutes(route: BackendRoute, svc: Services): void {
  route('GET', '/v1/users/:user_id/trusted_devices', async (c) => {
    const user = await requireBackendUser(svc, c.req.param('user_id') ?? '');
    const answer: TrustedDevicesResponse = { trusted_devices: await listTrustedDevices(svc, user.user_id) };
    return backendOk(c, answer);
  });

  route('DELETE', '/v1/users/:user_id/trusted_devices/:device_id', async (c) => {
    const user = await requireBackendUser(svc, c.req.param('user_id') ?? '');
    const deviceId = c.req.param('device_id') ?? '';
    if (!(await revokeTrustedDevice(svc, user.user_id, deviceId))) throw deviceNotFound();
    return backendOk(c, { user_id: user.user_id, device_id: deviceId });
  });
}
