/** Phone numbers: server-side E.164 validation (libphonenumber-js) and find-or-create by phone. */
import { ADDRESS_ORDER } from './address-order.ts';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
// The full metadata: the default (min) one cannot tell a mobile number from a premium-rate one.
import { type NumberType, parsePhoneNumberFromString as parseWithTypes } from 'libphonenumber-js/max';
import { newId } from './crypto.ts';
import { preparedQuery } from './db/prepared.ts';
import { ApiError } from './errors.ts';
import type { Services } from './services.ts';
import { newUserRow } from './user-row.ts';

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

/**
 * Number types a code may be texted to: mobiles, and the plans (US, CA and others) where fixed and mobile
 * numbers share ranges. Everything else is refused: premium-rate, shared-cost and toll-free numbers
 * bill the sender and are how SMS pumping makes money; fixed lines, pagers, voicemail, VoIP, UAN and
 * personal numbers cannot receive a code reliably, and an unknown type is not taken on trust.
 */
export const TEXTABLE_NUMBER_TYPES: readonly NumberType[] = ['MOBILE', 'FIXED_LINE_OR_MOBILE'];

/**
 * The number prefix SMS pumping is limited by (docs/reference/security.md#sms-and-whatsapp): the E.164 number without its last 4 digits,
 * a block of 10,000 numbers, which is how premium ranges are sold and walked.
 */
export function numberPrefix(e164: string): string {
  return e164.slice(0, -4);
}

/**
 * Checks that a code may be texted (SMS or WhatsApp) to a canonical E.164 number: its region is on the
 * project's `sms_allowed_countries` (when set) and its type is in {@link TEXTABLE_NUMBER_TYPES}, by the
 * full libphonenumber-js metadata.
 * @throws ApiError invalid_phone_number (not a valid number under the full metadata),
 *   invalid_phone_number_country_code (region not allowed), unsupported_phone_number_type
 */
export function assertTextableNumber(svc: Services, e164: string): void {
  const parsed = parseWithTypes(e164);
  if (!parsed?.isValid()) throw new ApiError('invalid_phone_number');
  const regions = svc.project.config.sms_allowed_countries;
  if (regions?.length && (!parsed.country || !regions.includes(parsed.country))) {
    throw new ApiError('invalid_phone_number_country_code', { details: { country: parsed.country ?? null, allowed_countries: regions } });
  }
  const type = parsed.getType();
  if (!type || !TEXTABLE_NUMBER_TYPES.includes(type)) {
    throw new ApiError('unsupported_phone_number_type', { details: { number_type: type ?? 'UNKNOWN' } });
  }
}

/** {@link normalizePhone} then {@link assertTextableNumber}: the number an SMS / WhatsApp send goes to. */
export function textablePhone(svc: Services, input: string): string {
  const e164 = normalizePhone(input);
  assertTextableNumber(svc, e164);
  return e164;
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
 * Finds the user owning `e164` or creates one (`status`, default active; phone unverified until the
 * first OTP success). The unique (project_id, phone_number) constraint decides concurrent sign-ups.
 */
export async function findOrCreateUserByPhone(svc: Services, e164: string, status: 'active' | 'pending' = 'active'): Promise<PhoneRef & { created: boolean }> {
  const existing = await findPhone(svc, e164);
  if (existing) return { ...existing, created: false };
  const k = svc.db.kysely;
  const mode = svc.project.mode;
  const projectId = svc.project.project_id;
  const row = await newUserRow(svc, { source: 'phone', status, phone_number: e164 });
  const userId = row.user_id;
  const phoneId = newId('phone-number', mode);
  const now = row.created_at;
  const won = await k.transaction().execute(async (tx) => {
    await tx.insertInto('users').values(row).execute();
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
  if (won) {
    await svc.events.emit({ type: 'user.created', user_id: userId });
    return { phone_id: phoneId, user_id: userId, phone_number: e164, created: true };
  }
  const winner = await findPhone(svc, e164);
  if (!winner) throw new Error('phone row vanished after a conflicting insert');
  return { ...winner, created: false };
}

/** Phone numbers of a user in wire shape (for loadUser). */
export async function userPhoneNumbers(svc: Services, userId: string): Promise<{ phone_id: string; phone_number: string; verified: boolean }[]> {
  return (await userPhoneRows(svc.db.kysely, userId)).map(toPhoneNumber);
}

/**
 * The user's phone rows, the chosen primary first, then oldest first (a compiled-once query: loadUser runs
 * it on every authenticate); docs/reference/methods/users.md#rules.
 */
export const userPhoneRows = preparedQuery((k, userId: string) =>
  k.selectFrom('phone_numbers').selectAll().where('user_id', '=', userId).orderBy(ADDRESS_ORDER),
);

/** Wire shape of a stored phone row. */
export function toPhoneNumber(r: { phone_id: string; phone_number: string; verified: number }): { phone_id: string; phone_number: string; verified: boolean } {
  return { phone_id: r.phone_id, phone_number: r.phone_number, verified: r.verified === 1 };
}
