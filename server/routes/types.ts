/** The route-registration seam: the app records every path so it can answer 405 for other methods. */
import type { Ctx } from '../http.ts';

/** HTTP methods the routes use. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Registers one handler; see app.ts. */
export type Route = (method: Method, path: string, handler: (c: Ctx) => Promise<Response> | Response) => void;
