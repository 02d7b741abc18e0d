/** Phone numbers: server-side E.164 validation (libphonenumber-js) and find-or-create by phone. */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { newId } from './crypto.ts';
import { preparedQuery } from './db/prepared.ts';
import { ApiError } from './errors.ts';
import type { Services } from './http.ts';

let callingCodes: Set<string> | null = null;
function knownCallingCode(digits: string): boolean {
  // Only countries' codes: non-geographic ones (+800, +882, ...) are not reachable by SMS or WhatsApp.
  callingCodes ??= new Set(getCountries().map((c) => String(getCountryCallingCode(c))));
  // Country calling codes are 1 to 3 digits and prefix-free (ITU-T E.164).
  return [1, 2, 3].some((n) => callingCodes?.has(digits.slice(0, n)));
}

/**
 * Parses a phone number that must be in E.164 (`+` and 7-15 digits; spaces, dashes, dots and brackets are
 * tolerated) and returns its canonical E.164 form.
 * @throws ApiError invalid_phone_number (format / not a valid number), invalid_phone_number_country_code
 *   (a calling code of no country: unknown, or non-geographic such as +882, which SMS cannot reach).
 */
export function normalizePhone(input: string): string {
  const compact = input.trim().replace(/[\s().-]/g, '');
  if (!/^\+[1-9]\d{6,14}$/.test(compact)) throw new ApiError('invalid_phone_number');
  if (!knownCallingCode(compact.slice(1))) throw new ApiError('invalid_phone_number_country_code');
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed) throw new ApiError('invalid_phone_number');
  if (!parsed.isValid()) throw new ApiError('invalid_phone_number');
  return parsed.number;
}

/** A phone row's identity. */
export interface PhoneRef {
  phone_id: string;
  user_id: string;
  phone_number: string;
}

/** The phone row of an E.164 number in the active project, if any. */
export async function findPhone(svc: Services, e164: string): Promise<PhoneRef | null> {
  const row = await svc.db.kysely
    .selectFrom('phone_numbers')
    .select(['phone_id', 'user_id', 'phone_number'])
    .where('project_id', '=', svc.project.project_id)
    .where('phone_number', '=', e164)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Finds the user owning `e164` or creates one (status active, phone unverified until the first OTP
 * success). The unique (project_id, phone_number) constraint decides concurrent sign-ups.
 */
export async function findOrCreateUserByPhone(svc: Services, e164: string): Promise<PhoneRef & { created: boolean }> {
  const existing = await findPhone(svc, e164);
  if (existing) return { ...existing, created: false };
  const k = svc.db.kysely;
  const mode = svc.project.mode;
  const projectId = svc.project.project_id;
  const userId = newId('user', mode);
  const phoneId = newId('phone-number', mode);
  const now = svc.now();
  const won = await k.transaction().execute(async (tx) => {
    await tx.insertInto('users').values({ user_id: userId, project_id: projectId, status: 'active', created_at: now, otp_failures: 0, locked_until: null }).execute();
    const inserted = await tx
      .insertInto('phone_numbers')
      .values({ phone_id: phoneId, project_id: projectId, user_id: userId, phone_number: e164, verified: 0, created_at: now })
      .onConflict((oc) => oc.columns(['project_id', 'phone_number']).doNothing())
      .returning('phone_id')
      .executeTakeFirst();
    if (!inserted) {
      // Lost the race to a parallel sign-up of the same number: drop our orphan user.
      await tx.deleteFrom('users').where('user_id', '=', userId).execute();
      return false;
    }
    return true;
  });
  if (won) return { phone_id: phoneId, user_id: userId, phone_number: e164, created: true };
  const winner = await findPhone(svc, e164);
  if (!winner) throw new Error('phone row vanished after a conflicting insert');
  return { ...winner, created: false };
}

/** Phone numbers of a user in wire shape (for loadUser). */
export async function userPhoneNumbers(svc: Services, userId: string): Promise<{ phone_id: string; phone_number: string; verified: boolean }[]> {
  return (await userPhoneRows(svc.db.kysely, userId)).map(toPhoneNumber);
}

/** The user's phone rows, oldest first (a compiled-once query: loadUser runs it on every authenticate). */
export const userPhoneRows = preparedQuery((k, userId: string) =>
  k.selectFrom('phone_numbers').selectAll().where('user_id', '=', userId).orderBy('created_at'),
);

/** Wire shape of a stored phone row. */
export function toPhoneNumber(r: { phone_id: string; phone_number: string; verified: number }): { phone_id: string; phone_number: string; verified: boolean } {
  return { phone_id: r.phone_id, phone_number: r.phone_number, verified: r.verified === 1 };
}
