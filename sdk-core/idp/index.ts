import type { BasicResult } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import { check } from '../validate.ts';

/** Authorize params of docs/reference/methods/idp.md#data (scopes already split). */
export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  /** Default 'code' (docs/reference/methods/idp.md#data). */
  response_type?: string;
  scopes: string[];
  code_challenge?: string;
  /** PKCE method (RFC 7636 §4.3); the authorization server accepts only S256. */
  code_challenge_method?: string;
  state?: string;
  nonce?: string;
  prompt?: string;
}

/** Authorize-start answer (docs/reference/methods/idp.md#data). */
export interface AuthorizeStartResult extends BasicResult {
  consent_required: boolean;
  client: { client_name: string; client_id?: string; logo_url?: string };
  scope_results: { scope: string; is_grantable: boolean; description?: string }[];
}

/** Identity-provider (OAuth authorization server) calls behind the consent screen. */
export interface IDP {
  /** Starts an authorize request: is consent needed, which scopes can be granted. */
  authorizeStart(p: AuthorizeParams): Promise<AuthorizeStartResult>;
  /** Submits the decision; the answer names where to send the browser. */
  authorizeSubmit(p: AuthorizeParams & { consent_granted: boolean }): Promise<BasicResult & { redirect_uri?: string }>;
  /** Starts an RP-initiated logout. */
  logoutStart(p: {
    client_id: string;
    post_logout_redirect_uri: string;
    id_token_hint?: string;
    state?: string;
  }): Promise<BasicResult & { consent_required: boolean; redirect_uri: string }>;
}

/** docs/reference/methods/idp.md#data, docs/reference/constants.md#identity-provider: the authorize response_type when the caller names none. */
export const DEFAULT_RESPONSE_TYPE = 'code';

/** Builds the IdP calls. */
export function createIDP(ctx: MethodContext): IDP {
  const withDefaults = <T extends AuthorizeParams>(p: T) => ({ ...p, response_type: p.response_type ?? DEFAULT_RESPONSE_TYPE });
  const checkAuthorize = (m: string, p: AuthorizeParams) =>
    check(m)
      .optionalObject('params', p)
      .string('client_id', p?.client_id)
      .string('redirect_uri', p?.redirect_uri)
      .optionalString('response_type', p.response_type)
      .optionalStringArray('scopes', p.scopes)
      .optionalString('code_challenge', p.code_challenge)
      .optionalString('code_challenge_method', p.code_challenge_method)
      .optionalString('state', p.state)
      .optionalString('nonce', p.nonce)
      .optionalString('prompt', p.prompt);
  return {
    async authorizeStart(p) {
      checkAuthorize('idp.authorizeStart', p);
      return ctx.request({ method: 'POST', path: '/idp/oauth/authorize/start', body: withDefaults(p) });
    },
    async authorizeSubmit(p) {
      checkAuthorize('idp.authorizeSubmit', p).boolean('consent_granted', p.consent_granted);
      return ctx.request({ method: 'POST', path: '/idp/oauth/authorize/submit', body: withDefaults(p) });
    },
    async logoutStart(p) {
      check('idp.logoutStart')
        .optionalObject('params', p)
        .string('client_id', p?.client_id)
        .string('post_logout_redirect_uri', p?.post_logout_redirect_uri)
        .optionalString('id_token_hint', p.id_token_hint)
        .optionalString('state', p.state);
      return ctx.request({ method: 'POST', path: '/oauth/logout/start', body: { ...p } });
    },
  };
}

/** The registry entry (../methods.ts): `client.idp`. */
export const idpMethod = { name: 'idp', create: createIDP } satisfies SdkMethod<'idp', IDP>;
