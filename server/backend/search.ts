/**
 * `POST /v1/users/search` (issue 27): the provider's query (`operator` AND / OR over `operands`, each a
 * `filter_name` and its `filter_value`), paged by `limit` (capped) and an opaque `cursor`, with the total.
 * Core's operands test the user row, its emails and phone numbers; the others come from the methods that
 * own the data (`ServerMethod.userSearchOperands`). Every condition is a Kysely expression with bound
 * values: no filter value ever becomes SQL text.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod/mini';
import { normalizeEmail } from '../../sdk-core/schemas/index.ts';
import { parseBody, readJson } from '../body.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { UserSearchOperand } from '../method.ts';
import { normalizePhone } from '../phones.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { backendOk } from './auth.ts';
import { BackendUsersSearchRequest, USER_SEARCH_DEFAULT_LIMIT } from './schemas.ts';
import { type BackendUser, backendUser } from './users.ts';

type Eb = ExpressionBuilder<Database, 'users'>;

/** One of core's operands: its value schema and its condition on the project's users. */
interface CoreOperand {
  filterValue: z.ZodMiniType;
  where(eb: Eb, value: unknown, svc: Services): Expression<SqlBool>;
}

/** Most values one list operand (`email_address`, `user_id`, ...) may name. */
export const SEARCH_LIST_MAX = 100;
const idList = z.array(z.string().check(z.maxLength(512))).check(z.minLength(1), z.maxLength(SEARCH_LIST_MAX));
const fuzzy = z.string().check(z.minLength(1), z.maxLength(256));
const isoTime = z.pipe(
  z.string().check(z.maxLength(64)),
  z.transform((s: string, ctx) => {
    const t = Date.parse(s);
    if (Number.isNaN(t)) {
      ctx.issues.push({ code: 'custom', message: 'Expected an RFC 3339 time', input: s });
      return z.NEVER;
    }
    return t;
  }),
);

/** `%`, `_` and the escape itself, escaped for `LIKE ... ESCAPE '\'`, so a fuzzy value matches literally. */
const likeContains = (value: string) => `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A typed core operand. */
function core<S extends z.ZodMiniType>(filterValue: S, where: (eb: Eb, value: z.output<S>, svc: Services) => Expression<SqlBool>): CoreOperand {
  return { filterValue, where: (eb, value, svc) => where(eb, value as z.output<S>, svc) };
}

/** The stored form of a searched address (what the sign-in routes store); an unparsable one stays as given, matching nothing. */
const storedEmail = (e: string) => normalizeEmail(e) ?? e;
function storedPhone(p: string): string {
  try {
    return normalizePhone(p);
  } catch {
    return p;
  }
}

const inEmails = (eb: Eb, svc: Services, f: (q: ExpressionBuilder<Database, 'emails'>) => Expression<SqlBool>) =>
  eb('users.user_id', 'in', eb.selectFrom('emails').select('emails.user_id').where('emails.project_id', '=', svc.project.project_id).where(f));
const inPhones = (eb: Eb, svc: Services, f: (q: ExpressionBuilder<Database, 'phone_numbers'>) => Expression<SqlBool>) =>
  eb(
    'users.user_id',
    'in',
    eb.selectFrom('phone_numbers').select('phone_numbers.user_id').where('phone_numbers.project_id', '=', svc.project.project_id).where(f),
  );

/** One part of the stored name JSON (`users.name`, always a JSON object), '' when absent; the key is ours, a literal. */
function namePart(svc: Services, key: 'first_name' | 'middle_name' | 'last_name') {
  const name = sql.ref('users.name');
  return svc.db.dialect === 'postgres'
    ? sql<string>`coalesce(${name}::jsonb ->> ${sql.lit(key)}, '')`
    : sql<string>`coalesce(json_extract(${name}, ${sql.lit(`$.${key}`)}), '')`;
}

/**
 * The full name as "first middle last", lower-cased, one space between the parts present (an absent middle
 * name leaves a double space, folded), for the provider's `full_name_fuzzy` operand.
 */
function fullName(svc: Services) {
  const [first, middle, last] = [namePart(svc, 'first_name'), namePart(svc, 'middle_name'), namePart(svc, 'last_name')];
  return sql<string>`lower(replace(trim(${first} || ' ' || ${middle} || ' ' || ${last}), '  ', ' '))`;
}

/** Core's operands, by filter_name. */
const CORE_OPERANDS: Readonly<Record<string, CoreOperand>> = {
  user_id: core(idList, (eb, ids) => eb('users.user_id', 'in', ids)),
  // `suspended` (issue 31): an admin suspended the user; `active` and `pending` then mean not suspended.
  status: core(z.enum(['active', 'pending', 'suspended']), (eb, status) =>
    status === 'suspended' ? eb('users.suspended_at', 'is not', null) : eb.and([eb('users.status', '=', status), eb('users.suspended_at', 'is', null)]),
  ),
  created_at_between: core(z.strictObject({ greater_than: isoTime, less_than: isoTime }), (eb, v) =>
    eb.and([eb('users.created_at', '>', v.greater_than), eb('users.created_at', '<', v.less_than)]),
  ),
  created_at_greater_than: core(isoTime, (eb, t) => eb('users.created_at', '>', t)),
  created_at_less_than: core(isoTime, (eb, t) => eb('users.created_at', '<', t)),
  email_address: core(idList, (eb, emails, svc) => inEmails(eb, svc, (q) => q('emails.email', 'in', emails.map(storedEmail)))),
  email_address_fuzzy: core(fuzzy, (eb, v, svc) =>
    inEmails(eb, svc, () => sql<SqlBool>`${sql.ref('emails.email')} like ${likeContains(v.toLowerCase())} escape '\\'`),
  ),
  email_id: core(idList, (eb, ids, svc) => inEmails(eb, svc, (q) => q('emails.email_id', 'in', ids))),
  email_verified: core(z.boolean(), (eb, v, svc) => inEmails(eb, svc, (q) => q('emails.verified', '=', v ? 1 : 0))),
  phone_number: core(idList, (eb, phones, svc) => inPhones(eb, svc, (q) => q('phone_numbers.phone_number', 'in', phones.map(storedPhone)))),
  phone_number_fuzzy: core(fuzzy, (eb, v, svc) =>
    inPhones(eb, svc, () => sql<SqlBool>`${sql.ref('phone_numbers.phone_number')} like ${likeContains(v)} escape '\\'`),
  ),
  phone_id: core(idList, (eb, ids, svc) => inPhones(eb, svc, (q) => q('phone_numbers.phone_id', 'in', ids))),
  phone_verified: core(z.boolean(), (eb, v, svc) => inPhones(eb, svc, (q) => q('phone_numbers.verified', '=', v ? 1 : 0))),
  full_name_fuzzy: core(fuzzy, (_eb, v, svc) => sql<SqlBool>`${fullName(svc)} like ${likeContains(v.toLowerCase())} escape '\\'`),
  // Ours (issue 31, the admin console's one search box), in the provider's style: the user id exactly, or
  // a part of an email address, a phone number or the full name, so it ANDs with status and factor operands.
  query_fuzzy: core(fuzzy, (eb, v, svc) =>
    eb.or([
      eb('users.user_id', '=', v),
      inEmails(eb, svc, () => sql<SqlBool>`${sql.ref('emails.email')} like ${likeContains(v.toLowerCase())} escape '\\'`),
      inPhones(eb, svc, () => sql<SqlBool>`${sql.ref('phone_numbers.phone_number')} like ${likeContains(v)} escape '\\'`),
      sql<SqlBool>`${fullName(svc)} like ${likeContains(v.toLowerCase())} escape '\\'`,
    ]),
  ),
};

/** Every operand the search understands: core's, then each method's (a name declared twice is refused at start). */
function allOperands(svc: Services): Map<string, CoreOperand> {
  const out = new Map<string, CoreOperand>(Object.entries(CORE_OPERANDS));
  for (const m of svc.methods) {
    for (const [name, op] of Object.entries(m.userSearchOperands ?? {})) {
      if (out.has(name)) throw new Error(`user search operand ${name} of method ${m.name} is declared twice`);
      out.set(name, fromMethod(op));
    }
  }
  return out;
}

const fromMethod = (op: UserSearchOperand): CoreOperand => ({
  filterValue: op.filterValue,
  where: (eb, value, svc) => eb('users.user_id', 'in', op.userIds(svc, value)),
});

/** The opaque cursor: the last result's creation time and id (results are ordered by both). */
interface Cursor {
  created_at: number;
  user_id: string;
}
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.created_at, c.user_id])).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && Number.isSafeInteger(v[0]) && typeof v[1] === 'string' && v[1].length <= 256) {
      return { created_at: v[0] as number, user_id: v[1] };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new ApiError('invalid_cursor');
}

/** Registers `POST /v1/users/search`. */
export function backendUserSearchRoute(route: BackendRoute, svc: Services): void {
  const operands = allOperands(svc);
  const k = svc.db.kysely;

  route('POST', '/v1/users/search', async (c) => {
    const body = await readJson(c, BackendUsersSearchRequest, svc.maxBodyBytes);
    const limit = body.limit ?? USER_SEARCH_DEFAULT_LIMIT;
    const query = body.query ?? { operator: 'AND' as const, operands: [] };
    // Each operand's value is checked by its own schema before any statement runs.
    const parsed = query.operands.map((o, i) => {
      const op = operands.get(o.filter_name);
      if (!op)
        throw new ApiError('invalid_request_body', { message: `Unknown filter_name ${JSON.stringify(o.filter_name).slice(0, 80)} (query.operands[${i}]).` });
      return { op, value: parseBody(op.filterValue, o.filter_value) };
    });
    const matches = (eb: Eb): Expression<SqlBool> => {
      const conds = parsed.map(({ op, value }) => op.where(eb, value, svc));
      return query.operator === 'OR' ? eb.or(conds) : eb.and(conds);
    };
    let base = k.selectFrom('users').where('users.project_id', '=', svc.project.project_id);
    if (parsed.length > 0) base = base.where(matches);
    const cursor = body.cursor ? decodeCursor(body.cursor) : null;
    let page = base.select(['users.user_id', 'users.created_at']);
    if (cursor) {
      page = page.where((eb) =>
        eb.or([
          eb('users.created_at', '>', cursor.created_at),
          eb.and([eb('users.created_at', '=', cursor.created_at), eb('users.user_id', '>', cursor.user_id)]),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      page
        .orderBy('users.created_at')
        .orderBy('users.user_id')
        .limit(limit + 1)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const pageRows = rows.slice(0, limit);
    const results: BackendUser[] = [];
    for (const r of pageRows) {
      const user = await backendUser(svc, r.user_id);
      // Deleted between the page read and this one: left out rather than answered half.
      if (user) results.push(user);
    }
    const last = pageRows.at(-1);
    const next = rows.length > limit && last ? encodeCursor({ created_at: Number(last.created_at), user_id: last.user_id }) : null;
    return backendOk(c, { results, results_metadata: { total: Number(total.n), next_cursor: next } });
  });
}
