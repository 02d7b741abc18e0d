/**
 * Which client secrets the provider accepts (docs/reference/methods/idp.md). A project file names a
 * confidential client's secret by its SHA-256 only, and a hash cannot be measured: so the start (the idp
 * method's settings check, in index.ts) refuses the hashes of secrets an attacker tries first (common passwords, the client's own id or name,
 * every secret of 1 or 2 printable characters, digit strings of up to 4), and the token endpoint refuses
 * any presented secret shorter than {@link CLIENT_SECRET_MIN_LENGTH} before comparing it, so a short
 * secret configured by its hash can never authenticate. `idp-clients create` (the CLI) makes 256-bit ones.
 */
import { hash } from 'node:crypto';
import { commonDictionary } from '../zxcvbn-dictionaries.ts';

/** The shortest client secret the token endpoint compares (the CLI's are 54 characters). */
export const CLIENT_SECRET_MIN_LENGTH = 32;

// The one-shot hash: the list below is ~120,000 hashes, built once.
const sha256 = (s: string) => hash('sha256', s, 'hex');

let weakHashes: Set<string> | null = null;
/** SHA-256 hex of the secrets any guessing run starts with (built once, on the first check). */
function weakSecretHashes(): Set<string> {
  if (weakHashes) return weakHashes;
  const out = new Set<string>([sha256('')]);
  for (const p of commonDictionary().dictionary['passwords-common']) {
    out.add(sha256(p));
    out.add(sha256(p.charAt(0).toUpperCase() + p.slice(1)));
  }
  const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
  for (const a of printable) {
    out.add(sha256(a));
    for (const b of printable) out.add(sha256(a + b));
  }
  for (let n = 0; n < 10_000; n++) for (const width of [1, 2, 3, 4]) out.add(sha256(String(n).padStart(width, '0')));
  weakHashes = out;
  return out;
}

/**
 * Why a project file's `client_secret_sha256` is refused, or null: it is the hash of a well-known or
 * trivially short secret, or of the client's own id or name.
 */
export function clientSecretHashProblem(c: { client_id: string; client_name: string; client_secret_sha256?: string | undefined }): string | null {
  const given = c.client_secret_sha256?.toLowerCase();
  if (given === undefined) return null;
  if (given === sha256(c.client_id) || given === sha256(c.client_name) || weakSecretHashes().has(given)) {
    return `is the SHA-256 of a guessable secret: give the client a random secret of ${CLIENT_SECRET_MIN_LENGTH}+ characters (e.g. openssl rand -base64 32) and its SHA-256 here`;
  }
  return null;
}

/**
 * Refuses the project's declared clients when one's `client_secret_sha256` is a guessable secret's hash
 * (run as the app assembles the idp method, so every start and every createApp refuses such a file).
 * @throws Error naming each bad client (`idp_clients[i].client_secret_sha256 ...`)
 */
export function assertClientSecrets(clients: readonly { client_id: string; client_name: string; client_secret_sha256?: string | undefined }[]): void {
  const problems = clients.flatMap((c, i) => {
    const p = clientSecretHashProblem(c);
    return p ? [`idp_clients[${i}].client_secret_sha256 ${p}`] : [];
  });
  if (problems.length > 0) throw new Error(`The project's OpenID provider settings are invalid: ${problems.join('; ')}`);
}
