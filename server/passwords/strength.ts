/**
 * Password strength (docs/reference/methods/passwords.md#data, docs/reference/methods/passwords.md#validation, docs/reference/security.md#passwords): zxcvbn-ts scoring with the email's parts as user inputs,
 * LUDS rules from the project's password_config, and an offline breached-password check against the
 * common-password list bundled in @zxcvbn-ts/language-common (ranked from real password leaks).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { LudsRequirements, PasswordStrengthCheckResponse, StrengthPolicy } from '../../sdk-core/schemas/index.ts';
import { bootstrapData } from '../project/bootstrap.ts';
import type { Project } from '../project/config.ts';
import { LUDS_DEFAULTS } from '../settings.ts';
import { commonDictionary, englishDictionary } from '../zxcvbn-dictionaries.ts';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from './hash.ts';

/** zxcvbn score a password needs under the zxcvbn policy (docs/reference/security.md#passwords). */
export const ZXCVBN_MIN_SCORE = 3;

/** The policy a project applies: zxcvbn, LUDS with its two numbers, or none (only the length bounds). */
export type PasswordPolicy = { kind: 'zxcvbn' } | { kind: 'luds'; minLength: number; complexity: number } | { kind: 'none' };

/**
 * The project's password policy: the password_strength_policy setting 'none' means length bounds
 * only; otherwise bootstrap `password_config` non-null means LUDS with its numbers
 * (luds_minimum_count, luds_complexity 1-4), and null means zxcvbn (docs/reference/methods/passwords.md#data, docs/reference/wire-protocol.md#bootstrap).
 */
export function passwordPolicy(project: Project): PasswordPolicy {
  if (project.config.password_strength_policy === 'none') return { kind: 'none' };
  const cfg = bootstrapData(project).password_config;
  if (!cfg) return { kind: 'zxcvbn' };
  const complexity = Math.min(4, Math.max(1, Math.trunc(cfg.luds_complexity || LUDS_DEFAULTS.complexity)));
  const minLength = Math.max(1, Math.trunc(cfg.luds_minimum_count || LUDS_DEFAULTS.minLength));
  return { kind: 'luds', minLength, complexity };
}

/**
 * The share of a password zxcvbn estimates (docs/reference/security.md#passwords): its first 64
 * characters, with at most 10 l33t substitutions tried. zxcvbn's cost grows steeply with length and with
 * characters the l33t table can read as letters: at its defaults (256 characters, 100 substitutions) a
 * crafted 250-character password took 3.6-5 s of server CPU and a generated 32-character one 0.47 s (a
 * quiet 2-core machine), a denial of service any visitor could send to strength_check; now under 0.2 s. The caps change no score of the common passwords
 * measured; a longer password whose first 64 characters are weak is weak.
 */
export const ZXCVBN_LIMITS = { maxLength: 64, l33tMaxSubstitutions: 10 } as const;

let factory: ZxcvbnFactory | null = null;
function zxcvbn(): ZxcvbnFactory {
  // Built on first use: the dictionaries take ~150 ms to rank, which servers without passwords never pay.
  // Levenshtein matching is off: it multiplies the cost per check by ~50 for a small gain.
  if (factory) return factory;
  const zxcvbnCommon = commonDictionary();
  const zxcvbnEn = englishDictionary();
  factory = new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
    useLevenshteinDistance: false,
    ...ZXCVBN_LIMITS,
  });
  return factory;
}

let breached: Set<string> | null = null;
/** True when the password (case-insensitively) is on the bundled list of common/breached passwords. */
export function isBreachedPassword(normalized: string): boolean {
  breached ??= new Set(commonDictionary().dictionary['passwords-common']);
  return breached.has(normalized.toLowerCase());
}

/** Words of an email (local part split on punctuation, and the domain's labels) for zxcvbn's user inputs. */
export function emailUserInputs(email: string | undefined): string[] {
  if (!email) return [];
  const lower = email.trim().toLowerCase();
  const words = lower.split(/[@.+_\-\s]+/).filter((w) => w.length >= 2);
  return [lower, ...new Set(words)];
}

/** Which LUDS classes a password has and what it lacks for `minLength` / `complexity`. */
export function ludsRequirements(password: string, minLength: number, complexity: number): LudsRequirements {
  const has_lower_case = /\p{Ll}/u.test(password);
  const has_upper_case = /\p{Lu}/u.test(password);
  const has_digit = /\p{Nd}/u.test(password);
  // Anything that is not a letter or digit counts as a symbol (spaces and punctuation included).
  const has_symbol = /[^\p{L}\p{Nd}]/u.test(password);
  const classes = [has_lower_case, has_upper_case, has_digit, has_symbol].filter(Boolean).length;
  return {
    has_lower_case,
    has_upper_case,
    has_digit,
    has_symbol,
    missing_complexity: Math.max(0, complexity - classes),
    missing_characters: Math.max(0, minLength - [...password].length),
  };
}

/** Scores a normalised password under `policy`; `email` (optional) feeds zxcvbn's user inputs. */
export function checkStrength(normalized: string, policy: PasswordPolicy, email?: string): PasswordStrengthCheckResponse {
  const tooLong = Buffer.byteLength(normalized, 'utf8') > PASSWORD_MAX_BYTES;
  // docs/reference/methods/passwords.md#validation: under policy none the widget shows no strength or breach feedback, so neither may
  // refuse a password the visitor was given no reason to change: only the length bounds hold.
  const none = policy.kind === 'none';
  const isBreached = !none && !tooLong && isBreachedPassword(normalized);
  const length = [...normalized].length;
  const lengthOk = length >= PASSWORD_MIN_LENGTH && !tooLong;
  const result = tooLong || none ? null : zxcvbn().check(normalized, emailUserInputs(email));
  const score = result?.score ?? 0;
  const warning = tooLong ? `Passwords are limited to ${PASSWORD_MAX_BYTES} bytes.` : (result?.feedback.warning ?? '');
  const suggestions = result?.feedback.suggestions ?? [];
  const policyName: StrengthPolicy = policy.kind;
  const luds =
    policy.kind === 'luds'
      ? ludsRequirements(normalized, Math.max(policy.minLength, PASSWORD_MIN_LENGTH), policy.complexity)
      : ludsRequirements(normalized, PASSWORD_MIN_LENGTH, 0);
  let valid: boolean;
  switch (policy.kind) {
    case 'zxcvbn':
      valid = score >= ZXCVBN_MIN_SCORE;
      break;
    case 'luds':
      valid = luds.missing_characters === 0 && luds.missing_complexity === 0;
      break;
    case 'none':
      valid = true;
      break;
  }
  return {
    score,
    valid_password: valid && lengthOk && !isBreached,
    breached_password: isBreached,
    strength_policy: policyName,
    feedback: {
      warning: isBreached && !warning ? 'This is a commonly used password.' : warning,
      suggestions,
      luds_requirements: luds,
    },
  };
}
