/**
 * The admin console's overview (issue 31, docs/reference/admin.md#overview): per UTC day of the last
 * `days`, counted from the stored rows (no separate counters to drift): sign-ups (`users.created_at`, by
 * the first factor of the user's first session, `none` before any), sign-ins (`sessions.started_at`, by the
 * session's first factor type), sessions live at the day's end (or now, for today), failures (audit rows
 * with outcome `failure`: failed secret checks and refused operator commands among them) and lockouts
 * (audit rows `lockout`).
 */
import type { AuthenticationFactor } from '../../sdk-core/schemas/index.ts';
import type { Services } from '../services.ts';

/** Most days the overview reaches back. */
export const MAX_STATS_DAYS = 90;
const DAY_MS = 86_400_000;

/** One day of the overview. */
export interface DayStats {
  /** The UTC day, `YYYY-MM-DD`. */
  date: string;
  sign_ups: number;
  sign_ups_by_method: Record<string, number>;
  sign_ins: number;
  sign_ins_by_method: Record<string, number>;
  active_sessions: number;
  failures: number;
  lockouts: number;
}

/** The first factor's type of a stored factor list (`otp`, `magic_link`, `password`, `webauthn`, ...), `unknown` when unreadable. */
function firstFactorType(factors: string): string {
  try {
    const list = JSON.parse(factors) as AuthenticationFactor[];
    const type = list[0]?.type;
    return typeof type === 'string' && /^[a-z0-9_]{1,40}$/.test(type) ? type : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The overview of the last `days` UTC days (today included), oldest first. */
export async function dailyStats(svc: Services, days: number): Promise<{ days: DayStats[]; totals: { users: number; active_sessions: number } }> {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;
  const now = svc.now();
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const from = todayStart - (days - 1) * DAY_MS;
  const out: DayStats[] = [];
  for (let i = 0; i < days; i++) {
    out.push({
      date: new Date(from + i * DAY_MS).toISOString().slice(0, 10),
      sign_ups: 0,
      sign_ups_by_method: {},
      sign_ins: 0,
      sign_ins_by_method: {},
      active_sessions: 0,
      failures: 0,
      lockouts: 0,
    });
  }
  const dayOf = (t: number) => out[Math.floor((t - from) / DAY_MS)];
  const bump = (m: Record<string, number>, key: string) => {
    m[key] = (m[key] ?? 0) + 1;
  };

  const [users, sessions, audit, userCount] = await Promise.all([
    k
      .selectFrom('users')
      .select(['user_id', 'created_at'])
      .where('project_id', '=', pid)
      .where('created_at', '>=', from)
      .where('created_at', '<=', now)
      .execute(),
    // Every session overlapping the window: started in it, or live at some point of it.
    k
      .selectFrom('sessions')
      .select(['user_id', 'started_at', 'expires_at', 'revoked_at', 'factors'])
      .where('project_id', '=', pid)
      .where('started_at', '<=', now)
      .where('expires_at', '>', from)
      .execute(),
    k
      .selectFrom('audit_log')
      .select(['created_at', 'action', 'outcome'])
      .where('project_id', '=', pid)
      .where('created_at', '>=', from)
      .where('created_at', '<=', now)
      .where((eb) => eb.or([eb('outcome', '=', 'failure'), eb('action', '=', 'lockout')]))
      .execute(),
    k
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('project_id', '=', pid)
      .executeTakeFirstOrThrow(),
  ]);

  // A new user's method: the first factor of their first session (in the window or before it).
  const firstSession = new Map<string, { started_at: number; type: string }>();
  const newUsers = new Set(users.map((u) => u.user_id));
  const earliest = async (ids: string[]) => {
    if (ids.length === 0) return [];
    return k.selectFrom('sessions').select(['user_id', 'started_at', 'factors']).where('project_id', '=', pid).where('user_id', 'in', ids).execute();
  };
  const ids = [...newUsers];
  for (let i = 0; i < ids.length; i += 500) {
    for (const s of await earliest(ids.slice(i, i + 500))) {
      const seen = firstSession.get(s.user_id);
      if (!seen || Number(s.started_at) < seen.started_at) firstSession.set(s.user_id, { started_at: Number(s.started_at), type: firstFactorType(s.factors) });
    }
  }
  for (const u of users) {
    const day = dayOf(Number(u.created_at));
    if (!day) continue;
    day.sign_ups++;
    bump(day.sign_ups_by_method, firstSession.get(u.user_id)?.type ?? 'none');
  }
  for (const s of sessions) {
    const started = Number(s.started_at);
    const day = started >= from ? dayOf(started) : undefined;
    if (day) {
      day.sign_ins++;
      bump(day.sign_ins_by_method, firstFactorType(s.factors));
    }
    const ended = Math.min(Number(s.expires_at), s.revoked_at === null ? Number.POSITIVE_INFINITY : Number(s.revoked_at));
    for (let i = 0; i < days; i++) {
      // The day's end, or now for today: a session counts when it had started and not yet ended then.
      const at = Math.min(from + (i + 1) * DAY_MS - 1, now);
      if (started <= at && ended > at) out[i]!.active_sessions++;
    }
  }
  for (const a of audit) {
    const day = dayOf(Number(a.created_at));
    if (!day) continue;
    if (a.outcome === 'failure') day.failures++;
    if (a.action === 'lockout') day.lockouts++;
  }
  return { days: out, totals: { users: Number(userCount.n), active_sessions: out.at(-1)?.active_sessions ?? 0 } };
}
