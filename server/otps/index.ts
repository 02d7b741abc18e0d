/**
 * The otps method (docs/reference/methods/otps.md#screens OTP, email / SMS / WhatsApp): one-time passcodes sent by login_or_create and
 * send primary / secondary, verified by `otps/authenticate`. Registered in server/methods.ts.
 */
import { type ServerMethod, tableTypes } from '../method.ts';
import { otpBackendRoutes } from './backend.ts';
import { OTPS_ERRORS } from './errors.ts';
import { OTPS_LIMITS } from './limits.ts';
import { otpRoutes } from './routes.ts';
import { otpJobs, otpSendRoutes } from './send-routes.ts';
import type { OtpsTables } from './tables.ts';
import { clientsideServicesRoutes } from './clientside-services.ts';
import { otpSecondFactors } from './second-factors.ts';

/** The otps method's registry entry. */
export const otpsMethod = {
  name: 'otps',
  routes(route, svc) {
    // The provider's pre-built UIs format phone numbers through this page (clientside-services.ts).
    clientsideServicesRoutes(route, svc);
    otpRoutes(route, svc);
    otpSendRoutes(route, svc);
  },
  backendRoutes: otpBackendRoutes,
  jobs: otpJobs,
  secondFactors: otpSecondFactors,
  errors: OTPS_ERRORS,
  limits: OTPS_LIMITS,
  tables: tableTypes<OtpsTables>(),
} satisfies ServerMethod;
