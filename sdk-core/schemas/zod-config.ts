/**
 * zod's object parser probes once for `new Function` (its JIT). Under a strict CSP without
 * 'unsafe-eval' the probe is caught, but the browser still fires `securitypolicyviolation` and sends
 * a report, for every page that loads the kit. In a browser the kit's schemas are small and parsed
 * rarely (values read back from storage), so the JIT buys nothing there: turn it off before any
 * schema is built. Node (the server) keeps the JIT. Imported first by every schema module.
 */
import { config } from 'zod/mini';

if (typeof document !== 'undefined') config({ jitless: true });
