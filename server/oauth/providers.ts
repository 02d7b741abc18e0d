/**
 * The provider catalogue (docs/reference/methods/oauth.md#screens's 19 providers): how to send a user to each provider and how to read
 * the identity back. Authorization URLs and code exchanges go through arctic's provider classes where
 * arctic has one (17 of 19); Amazon ("Login with Amazon") and Snapchat have none in arctic, so they use
 * arctic's generic `OAuth2Client` with the endpoints their documentation names. OpenID Connect providers
 * give the identity in the ID token (read from the token endpoint's answer over TLS, which OIDC Core
 * 3.1.3.7 accepts in place of a signature check); the others from their user API.
 */
import {
  Apple,
  Bitbucket,
  CodeChallengeMethod,
  Coinbase,
  Discord,
  decodeIdToken,
  Facebook,
  Figma,
  GitHub,
  GitLab,
  Google,
  LinkedIn,
  MicrosoftEntraId,
  OAuth2Client,
  type OAuth2Tokens,
  Salesforce,
  Slack,
  TikTok,
  Twitch,
  Twitter,
  Yahoo,
} from 'arctic';
import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from '../../sdk-core/schemas/index.ts';
import type { OAuthProviderCredentials } from './settings.ts';

/** The catalogue's provider names (sdk-core/schemas OAUTH_PROVIDER_TYPES). */
export const OAUTH_PROVIDERS = OAUTH_PROVIDER_TYPES;
/** One provider name. */
export type OAuthProvider = OAuthProviderType;

/** What a provider told us about the user. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  /** True only when the provider says it verified `email` (only then may it link to an existing account). */
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  locale: string | null;
}

/** One provider's client for one flow (credentials and callback URL bound). */
export interface ProviderClient {
  authorizationUrl(state: string, codeVerifier: string, scopes: string[], nonce: string): URL;
  exchange(code: string, codeVerifier: string): Promise<OAuth2Tokens>;
}

/** A provider of the catalogue. */
export interface ProviderSpec {
  /** Scopes asked for when the start names none (enough for the id, the email and the name). */
  scopes: readonly string[];
  client(creds: OAuthProviderCredentials, redirectUri: string): ProviderClient;
  /** Reads the identity from the tokens (ID token claims or the user API). */
  identity(tokens: OAuth2Tokens, creds: OAuthProviderCredentials, nonce: string): Promise<ProviderIdentity>;
}

/** True for a provider name of the catalogue. */
export function isOAuthProvider(name: string): name is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(name);
}

const secret = (c: OAuthProviderCredentials) => c.client_secret ?? '';
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** `email_verified` as a boolean; Apple sends the string "true". */
const verifiedClaim = (v: unknown) => v === true || v === 'true';

/** Identity from an OIDC ID token's standard claims (OIDC Core 5.1); a `nonce` claim must be the flow's (OIDC Core 3.1.3.7 item 11). */
function fromIdToken(tokens: OAuth2Tokens, nonce?: string): ProviderIdentity {
  const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
  if (nonce !== undefined && claims.nonce !== undefined && claims.nonce !== nonce) throw new Error('ID token nonce mismatch');
  const subject = str(claims.sub);
  if (!subject) throw new Error('ID token without sub');
  return {
    subject,
    email: str(claims.email),
    emailVerified: verifiedClaim(claims.email_verified),
    name: str(claims.name),
    picture: str(claims.picture),
    locale: str(claims.locale),
  };
}

/** GET a provider's JSON user API with the access token. @throws Error on a non-2xx answer */
async function getJson(url: string, accessToken: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const r = await fetch(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'auth-elements', ...headers } });
  if (!r.ok) throw new Error(`${new URL(url).host} user API answered ${r.status}`);
  return (await r.json()) as Record<string, unknown>;
}

/** A client whose arctic class takes PKCE (state, verifier, scopes) and a nonce query parameter. */
const pkceClient = (p: {
  createAuthorizationURL(s: string, v: string, sc: string[]): URL;
  validateAuthorizationCode(c: string, v: string): Promise<OAuth2Tokens>;
}): ProviderClient => ({
  authorizationUrl(state, verifier, scopes, nonce) {
    const u = p.createAuthorizationURL(state, verifier, scopes);
    u.searchParams.set('nonce', nonce);
    return u;
  },
  exchange: (code, verifier) => p.validateAuthorizationCode(code, verifier),
});
/** A client whose arctic class has no PKCE (the provider does not take it). */
const plainClient = (p: {
  createAuthorizationURL(s: string, sc: string[]): URL;
  validateAuthorizationCode(c: string): Promise<OAuth2Tokens>;
}): ProviderClient => ({
  authorizationUrl(state, _verifier, scopes, nonce) {
    const u = p.createAuthorizationURL(state, scopes);
    u.searchParams.set('nonce', nonce);
    return u;
  },
  exchange: (code) => p.validateAuthorizationCode(code),
});
/** arctic's generic client over documented endpoints (providers arctic has no class for). */
const genericClient = (creds: OAuthProviderCredentials, redirectUri: string, authorize: string, token: string, pkce: boolean): ProviderClient => {
  const c = new OAuth2Client(creds.client_id, secret(creds), redirectUri);
  return {
    authorizationUrl: (state, verifier, scopes) =>
      pkce
        ? c.createAuthorizationURLWithPKCE(authorize, state, CodeChallengeMethod.S256, verifier, scopes)
        : c.createAuthorizationURL(authorize, state, scopes),
    exchange: (code, verifier) => c.validateAuthorizationCode(token, code, pkce ? verifier : null),
  };
};

const OIDC = ['openid', 'email', 'profile'] as const;

/** The 19 providers. */
export const PROVIDERS: Record<OAuthProvider, ProviderSpec> = {
  google: {
    scopes: OIDC,
    client: (c, r) => pkceClient(new Google(c.client_id, secret(c), r)),
    identity: async (t, _c, nonce) => fromIdToken(t, nonce),
  },
  microsoft: {
    scopes: OIDC,
    client: (c, r) => pkceClient(new MicrosoftEntraId(c.tenant ?? 'common', c.client_id, c.client_secret ?? null, r)),
    // Entra ID does not verify the `email` claim (any tenant admin can set it): never verified for linking,
    // unless the optional `xms_edov` claim (email domain owner verified) says so.
    identity: async (t, _c, nonce) => {
      const id = fromIdToken(t, nonce);
      const claims = decodeIdToken(t.idToken()) as Record<string, unknown>;
      return { ...id, subject: str(claims.oid) ?? id.subject, emailVerified: verifiedClaim(claims.xms_edov) };
    },
  },
  apple: {
    scopes: ['name', 'email'],
    client: (c, r) => {
      const apple = plainClient(new Apple(c.client_id, c.team_id ?? '', c.key_id ?? '', pkcs8Der(c.private_key ?? ''), r));
      return {
        ...apple,
        // Apple answers a request for the name or email only as a form POST to the callback (its docs).
        authorizationUrl(state, verifier, scopes, nonce) {
          const u = apple.authorizationUrl(state, verifier, scopes, nonce);
          if (scopes.length > 0) u.searchParams.set('response_mode', 'form_post');
          return u;
        },
      };
    },
    identity: async (t, _c, nonce) => fromIdToken(t, nonce),
  },
  github: {
    scopes: ['read:user', 'user:email'],
    client: (c, r) => plainClient(new GitHub(c.client_id, secret(c), r)),
    identity: async (t) => {
      const u = await getJson('https://api.github.com/user', t.accessToken());
      const emails = (await fetch('https://api.github.com/user/emails', {
        headers: { authorization: `Bearer ${t.accessToken()}`, accept: 'application/json', 'user-agent': 'auth-elements' },
      }).then((r) => (r.ok ? r.json() : []))) as { email: string; primary: boolean; verified: boolean }[];
      const primary = emails.find((e) => e.primary) ?? null;
      return {
        subject: String(u.id),
        email: primary?.email ?? str(u.email),
        emailVerified: primary?.verified === true,
        name: str(u.name) ?? str(u.login),
        picture: str(u.avatar_url),
        locale: null,
      };
    },
  },
  gitlab: {
    scopes: OIDC,
    client: (c, r) => plainClient(new GitLab(c.base_url ?? 'https://gitlab.com', c.client_id, c.client_secret ?? null, r)),
    identity: async (t, _c, nonce) => fromIdToken(t, nonce),
  },
  facebook: {
    scopes: ['email', 'public_profile'],
    client: (c, r) => plainClient(new Facebook(c.client_id, secret(c), r)),
    // Facebook does not say whether it verified the address: treated as unverified (no linking).
    identity: async (t) => {
      const u = await getJson(
        `https://graph.facebook.com/me?fields=id,name,email,picture&access_token=${encodeURIComponent(t.accessToken())}`,
        t.accessToken(),
      );
      const pic = (u.picture as { data?: { url?: string } } | undefined)?.data?.url;
      return { subject: String(u.id), email: str(u.email), emailVerified: false, name: str(u.name), picture: str(pic), locale: null };
    },
  },
  discord: {
    scopes: ['identify', 'email'],
    client: (c, r) => pkceClient(new Discord(c.client_id, c.client_secret ?? null, r)),
    identity: async (t) => {
      const u = await getJson('https://discord.com/api/users/@me', t.accessToken());
      const id = String(u.id);
      const avatar = str(u.avatar);
      return {
        subject: id,
        email: str(u.email),
        emailVerified: u.verified === true,
        name: str(u.global_name) ?? str(u.username),
        picture: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : null,
        locale: str(u.locale),
      };
    },
  },
  salesforce: {
    scopes: OIDC,
    client: (c, r) => pkceClient(new Salesforce(c.domain ?? 'login.salesforce.com', c.client_id, c.client_secret ?? null, r)),
    identity: async (t, _c, nonce) => fromIdToken(t, nonce),
  },
  slack: {
    scopes: OIDC,
    client: (c, r) => plainClient(new Slack(c.client_id, secret(c), r)),
    identity: async (t, _c, nonce) => fromIdToken(t, nonce),
  },
  amazon: {
    scopes: ['profile'],
    // Not in arctic: Login with Amazon's documented endpoints (developer.amazon.com/docs/login-with-amazon).
    client: (c, r) => genericClient(c, r, 'https://www.amazon.com/ap/oa', 'https://api.amazon.com/auth/o2/token', true),
    // Amazon gives no verification flag: unverified for linking.
    identity: async (t) => {
      const u = await getJson('https://api.amazon.com/user/profile', t.accessToken());
      return { subject: String(u.user_id), email: str(u.email), emailVerified: false, name: str(u.name), picture: null, locale: null };
    },
  },
  bitbucket: {
    scopes: ['account', 'email'],
    client: (c, r) => {
      const b = new Bitbucket(c.client_id, secret(c), r);
      return { authorizationUrl: (state) => b.createAuthorizationURL(state), exchange: (code) => b.validateAuthorizationCode(code) };
    },
    identity: async (t) => {
      const u = await getJson('https://api.bitbucket.org/2.0/user', t.accessToken());
      const emails = await getJson('https://api.bitbucket.org/2.0/user/emails', t.accessToken());
      const list = (emails.values as { email: string; is_primary: boolean; is_confirmed: boolean }[] | undefined) ?? [];
      const primary = list.find((e) => e.is_primary) ?? null;
      const links = u.links as { avatar?: { href?: string } } | undefined;
      return {
        subject: String(u.uuid),
        email: primary?.email ?? null,
        emailVerified: primary?.is_confirmed === true,
        name: str(u.display_name),
        picture: str(links?.avatar?.href),
        locale: null,
      };
    },
  },
  linkedin: {
    scopes: OIDC,
    client: (c, r) => plainClient(new LinkedIn(c.client_id, secret(c), r)),
    identity: async (t, _c, nonce) => fromIdToken(t, nonce),
  },
  coinbase: {
    scopes: ['wallet:user:read', 'wallet:user:email'],
    client: (c, r) => plainClient(new Coinbase(c.client_id, secret(c), r)),
    identity: async (t) => {
      const u = ((await getJson('https://api.coinbase.com/v2/user', t.accessToken())).data ?? {}) as Record<string, unknown>;
      return { subject: String(u.id), email: str(u.email), emailVerified: false, name: str(u.name), picture: str(u.avatar_url), locale: null };
    },
  },
  twitch: {
    scopes: ['user:read:email'],
    client: (c, r) => plainClient(new Twitch(c.client_id, secret(c), r)),
    identity: async (t, c) => {
      const d = await getJson('https://api.twitch.tv/helix/users', t.accessToken(), { 'client-id': c.client_id });
      const u = ((d.data as Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
      return { subject: String(u.id), email: str(u.email), emailVerified: false, name: str(u.display_name), picture: str(u.profile_image_url), locale: null };
    },
  },
  twitter: {
    scopes: ['users.read', 'tweet.read'],
    client: (c, r) => pkceClient(new Twitter(c.client_id, c.client_secret ?? null, r)),
    // X gives no email on this scope: the identity is the account id alone.
    identity: async (t) => {
      const u = ((await getJson('https://api.twitter.com/2/users/me?user.fields=profile_image_url', t.accessToken())).data ?? {}) as Record<string, unknown>;
      return { subject: String(u.id), email: null, emailVerified: false, name: str(u.name), picture: str(u.profile_image_url), locale: null };
    },
  },
  tiktok: {
    scopes: ['user.info.basic'],
    client: (c, r) => pkceClient(new TikTok(c.client_id, secret(c), r)),
    identity: async (t) => {
      const d = await getJson('https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name', t.accessToken());
      const u = ((d.data as { user?: Record<string, unknown> } | undefined)?.user ?? {}) as Record<string, unknown>;
      return { subject: String(u.open_id), email: null, emailVerified: false, name: str(u.display_name), picture: str(u.avatar_url), locale: null };
    },
  },
  snapchat: {
    scopes: ['https://auth.snapchat.com/oauth2/api/user.display_name', 'https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar'],
    // Not in arctic: Snap Login Kit's documented endpoints (developers.snap.com/snap-kit/login-kit).
    client: (c, r) => genericClient(c, r, 'https://accounts.snapchat.com/accounts/oauth2/auth', 'https://accounts.snapchat.com/accounts/oauth2/token', true),
    identity: async (t) => {
      const d = await getJson('https://kit.snapchat.com/v1/me?query=%7Bme%7BexternalId%20displayName%20bitmoji%7Bavatar%7D%7D%7D', t.accessToken());
      const me = ((d.data as { me?: Record<string, unknown> } | undefined)?.me ?? {}) as Record<string, unknown>;
      const bitmoji = me.bitmoji as { avatar?: string } | undefined;
      return { subject: String(me.externalId), email: null, emailVerified: false, name: str(me.displayName), picture: str(bitmoji?.avatar), locale: null };
    },
  },
  figma: {
    scopes: ['current_user:read'],
    client: (c, r) => plainClient(new Figma(c.client_id, secret(c), r)),
    identity: async (t) => {
      const u = await getJson('https://api.figma.com/v1/me', t.accessToken());
      return { subject: String(u.id), email: str(u.email), emailVerified: false, name: str(u.handle), picture: str(u.img_url), locale: null };
    },
  },
  yahoo: {
    scopes: OIDC,
    client: (c, r) => plainClient(new Yahoo(c.client_id, secret(c), r)),
    identity: async (t, _c, nonce) => fromIdToken(t, nonce),
  },
};

/** The DER bytes of a PKCS#8 PEM (arctic's Apple class signs its client secret with them). */
function pkcs8Der(pem: string): Uint8Array {
  return new Uint8Array(Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'));
}
