/**
 * The profile's linked sections (docs/reference/elements/user-profile.md#sections): OAuth providers (link from
 * the session, unlink), crypto wallets (list, link an injected Ethereum wallet, remove) and the applications
 * the user granted access through the identity provider (scopes, revoke).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { type AuthClient, type ConnectedApp, isApiError } from '../../sdk-core/index.ts';
import { type OAuthProvider, PROVIDER_NAMES } from '../../sdk-core/oauth/providers.ts';
import { Button } from '../components/Button.tsx';
import { useWidget } from '../context.ts';
import { useReverify } from '../mfa/index.ts';
import { text } from '../text.ts';
import { cssValue, isLastMethod, type SectionStatus, useProfileConfig, Section, useFocusAfter, useSectionStatus, useUser } from './common.tsx';

/** The provider's brand name (the buttons' table); any other provider shows its id with a capital. */
export const providerName = (p: string): string => (PROVIDER_NAMES as Readonly<Record<string, string>>)[p] ?? p.charAt(0).toUpperCase() + p.slice(1);

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The linked accounts section: each configured provider, linked or not; link starts the provider's flow from the session. */
export function LinkedAccountsSection() {
  const { client, strings, emit } = useWidget();
  const { providers } = useProfileConfig();
  const user = useUser(client);
  const status = useSectionStatus('linkedAccounts');
  const { root, focus } = useFocusAfter();
  const reverification = useReverify();
  const [busy, setBusy] = useState<string | null>(null);
  const reasonId = useId();
  if (!user) return null;
  const last = isLastMethod(user);
  const linked = user.providers.map((p) => ({
    type: str(p['provider_type']).toLowerCase(),
    id: str(p['oauth_user_registration_id']),
    subject: str(p['provider_subject']),
  }));
  const shown = [...new Set([...providers, ...linked.map((l) => l.type)])];

  const link = async (provider: string) => {
    setBusy(provider);
    status.clear();
    try {
      await linkProvider(client, provider, reverification.guard);
    } catch (err) {
      status.fail(text(strings, 'profile.linkLabel', { name: providerName(provider) }), err);
      setBusy(null);
    }
  };

  const unlink = async (provider: string, id: string) => {
    setBusy(provider);
    try {
      await reverification.guard(() => client.user.deleteFactor('oauth', id));
      await client.user.get();
      status.ok(text(strings, 'profile.removed', { name: providerName(provider) }));
      emit({ type: 'PROFILE_UPDATE', data: { section: 'linkedAccounts', change: 'oauth_unlinked' } });
      focus(`[data-provider="${cssValue(provider)}"] [data-link]`);
    } catch (err) {
      status.fail(text(strings, 'profile.unlinkLabel', { name: providerName(provider) }), err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div ref={root}>
      <Section name="linkedAccounts">
        <LinkOutcome status={status} />
        {shown.length === 0 ? (
          <p className="ae-helper" part="helper">
            {strings['profile.providersNone']}
          </p>
        ) : (
          <ul className="ae-profile-list">
            {shown.map((provider) => {
              const account = linked.find((l) => l.type === provider);
              const name = providerName(provider);
              return (
                <li key={provider} className="ae-profile-item" data-provider={provider} data-linked={account ? '' : undefined}>
                  <div className="ae-profile-what">
                    <span className="ae-profile-name" tabIndex={-1}>
                      {name}
                    </span>
                    <span className="ae-helper" part="helper">
                      {strings[account ? 'profile.linked' : 'profile.notLinked']}
                    </span>
                  </div>
                  {account ? (
                    <button
                      type="button"
                      className="ae-link"
                      part="button link-button"
                      data-unlink=""
                      aria-label={text(strings, 'profile.unlinkLabel', { name })}
                      aria-describedby={last ? reasonId : undefined}
                      disabled={last || busy !== null}
                      onClick={() => unlink(provider, account.id)}
                    >
                      {strings['profile.unlink']}
                    </button>
                  ) : (
                    <Button
                      variant="secondary"
                      busy={busy === provider}
                      data-link=""
                      aria-label={text(strings, 'profile.linkLabel', { name })}
                      onClick={() => link(provider)}
                    >
                      {strings['profile.link']}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {last && linked.length > 0 && (
          <p className="ae-helper" part="helper" id={reasonId} data-last-method="">
            {strings['profile.lastMethod']}
          </p>
        )}
        {reverification.prompt}
        {status.node}
      </Section>
    </div>
  );
}

/** An injected EIP-1193 provider (a browser wallet). */
interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}
const injectedWallet = (): Eip1193 | null => {
  const w = (globalThis as { ethereum?: Partial<Eip1193> }).ethereum;
  return w && typeof w.request === 'function' ? (w as Eip1193) : null;
};

/** The crypto wallets section: each wallet, remove, and link the browser's Ethereum wallet. */
export function WalletsSection() {
  const { client, config, strings, emit, bootstrap } = useWidget();
  const user = useUser(client);
  const status = useSectionStatus('wallets');
  const { root, focus } = useFocusAfter();
  const reverification = useReverify();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  if (!user) return null;
  const last = isLastMethod(user);
  const wallets = user.crypto_wallets.map((w) => ({
    id: str(w['crypto_wallet_id']),
    address: str(w['crypto_wallet_address']),
    type: str(w['crypto_wallet_type']),
  }));
  const wallet = injectedWallet();

  const link = async () => {
    if (!wallet || busy) return;
    setBusy(true);
    status.clear();
    try {
      const accounts = await wallet.request({ method: 'eth_requestAccounts' });
      const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : '';
      const siwe = bootstrap?.siwe_required_for_crypto_wallets === true;
      const chainHex = siwe ? await wallet.request({ method: 'eth_chainId' }) : null;
      const start = await client.cryptoWallets.authenticateStart({
        crypto_wallet_address: address,
        crypto_wallet_type: 'ethereum',
        ...(typeof chainHex === 'string' ? { siwe_params: { chain_id: String(Number.parseInt(chainHex, 16)) } } : {}),
      });
      // personal_sign (EIP-191) takes the message as hex of its UTF-8 bytes, then the account.
      const hex = [...new TextEncoder().encode(start.challenge)].map((b) => b.toString(16).padStart(2, '0')).join('');
      const signature = await wallet.request({ method: 'personal_sign', params: [`0x${hex}`, address] });
      await client.cryptoWallets.authenticate({
        crypto_wallet_address: address,
        crypto_wallet_type: 'ethereum',
        signature: typeof signature === 'string' ? signature : '',
        session_duration_minutes: config.sessionDurationMinutes,
      });
      await client.user.get();
      status.ok(strings['profile.walletLinked']);
      emit({ type: 'PROFILE_UPDATE', data: { section: 'wallets', change: 'wallet_linked' } });
      focus(`[data-wallet="${cssValue(address.toLowerCase())}"] .ae-profile-name`);
    } catch (err) {
      status.fail(strings['profile.walletLink'], err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string, address: string) => {
    setBusy(true);
    try {
      await reverification.guard(() => client.user.deleteFactor('crypto_wallet', id));
      await client.user.get();
      status.ok(text(strings, 'profile.removed', { name: address }));
      emit({ type: 'PROFILE_UPDATE', data: { section: 'wallets', change: 'wallet_removed' } });
      focus('[data-wallet-link], .ae-profile-title');
    } catch (err) {
      status.fail(text(strings, 'profile.removeLabel', { name: address }), err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={root}>
      <Section name="wallets">
        {wallets.length === 0 ? (
          <p className="ae-helper" part="helper">
            {strings['profile.none']}
          </p>
        ) : (
          <ul className="ae-profile-list">
            {wallets.map((w) => (
              <li key={w.id} className="ae-profile-item" data-wallet={w.address.toLowerCase()}>
                <div className="ae-profile-what">
                  <span className="ae-profile-name ae-profile-code" tabIndex={-1}>
                    {w.address}
                  </span>
                  <span className="ae-helper" part="helper">
                    {w.type}
                  </span>
                </div>
                <button
                  type="button"
                  className="ae-link"
                  part="button link-button"
                  data-remove=""
                  aria-label={text(strings, 'profile.removeLabel', { name: w.address })}
                  aria-describedby={last ? reasonId : undefined}
                  disabled={last || busy}
                  onClick={() => remove(w.id, w.address)}
                >
                  {strings['profile.remove']}
                </button>
              </li>
            ))}
          </ul>
        )}
        {last && wallets.length > 0 && (
          <p className="ae-helper" part="helper" id={reasonId} data-last-method="">
            {strings['profile.lastMethod']}
          </p>
        )}
        {wallet ? (
          <Button variant="secondary" busy={busy} data-wallet-link="" onClick={link}>
            {strings['profile.walletLink']}
          </Button>
        ) : (
          <p className="ae-helper" part="helper" data-wallet-none="">
            {strings['profile.walletNone']}
          </p>
        )}
        {reverification.prompt}
        {status.node}
      </Section>
    </div>
  );
}

/** The connected apps section: each application the user granted access, with its scopes; revoke. */
export function ConnectedAppsSection() {
  const { client, strings, emit } = useWidget();
  const status = useSectionStatus('connectedApps');
  const { root, focus } = useFocusAfter();
  const [apps, setApps] = useState<ConnectedApp[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { fail } = status;
  const load = useCallback(
    () =>
      client.user.getConnectedApps().then(setApps, (e: unknown) => {
        setApps([]);
        fail(strings['profile.section.connectedApps'], e);
      }),
    [client, strings, fail],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const revoke = async (app: ConnectedApp) => {
    setBusy(app.connected_app_id);
    try {
      await client.user.revokeConnectedApp(app.connected_app_id);
      await load();
      status.ok(text(strings, 'profile.revoked', { name: app.name }));
      emit({ type: 'PROFILE_UPDATE', data: { section: 'connectedApps', change: 'app_revoked' } });
      focus('.ae-profile-title');
    } catch (err) {
      status.fail(text(strings, 'profile.revokeLabel', { name: app.name }), err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div ref={root}>
      <Section name="connectedApps">
        {apps === null ? (
          <p className="ae-helper" part="helper" role="status">
            {strings['profile.loading']}
          </p>
        ) : apps.length === 0 ? (
          <p className="ae-helper" part="helper">
            {strings['profile.none']}
          </p>
        ) : (
          <ul className="ae-profile-list">
            {apps.map((app) => (
              <li key={app.connected_app_id} className="ae-profile-item" data-app={app.connected_app_id}>
                <div className="ae-profile-what">
                  <span className="ae-profile-name">{app.name}</span>
                  <span className="ae-helper" part="helper">
                    {text(strings, 'profile.appsScopes', { scopes: app.scopes_granted.split(/\s+/).filter(Boolean).join(', ') })}
                  </span>
                </div>
                <Button
                  variant="secondary"
                  busy={busy === app.connected_app_id}
                  data-revoke=""
                  aria-label={text(strings, 'profile.revokeLabel', { name: app.name })}
                  onClick={() => revoke(app)}
                >
                  {strings['profile.revoke']}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {status.node}
      </Section>
    </div>
  );
}

/** Where the provider sends the browser back: this page. */
const returnUrl = (): string => location.href;

/** Remembers, across the provider's round trip, which provider is being linked (its name in the result). */
const LINKING_KEY = 'auth-elements:profile-linking';

/** Starts linking `provider` to the signed-in user: an attach token from the session, then the provider's flow. */
async function linkProvider(client: AuthClient, provider: string, guard: <T>(f: () => Promise<T>) => Promise<T>): Promise<void> {
  const oauth_attach_token = await guard(() => client.oauth.attach(provider as OAuthProvider));
  sessionStorage.setItem(LINKING_KEY, provider);
  const options = { login_redirect_url: returnUrl(), signup_redirect_url: returnUrl(), oauth_attach_token };
  await client.oauth.start(provider as OAuthProvider, options);
}

/** Whether the page's address carries the provider's answer (`stytch_token_type=oauth`). */
const hasOAuthAnswer = (): boolean => new URLSearchParams(location.search).get('stytch_token_type') === 'oauth';

/** Set once the answer in this page's address was taken (StrictMode mounts effects twice). */
let answerTaken = false;

/**
 * Back from the provider: redeems the token in the address (which links the provider account to the session's
 * user) and says how it went; another user's provider account gets one message that reveals nothing of them.
 */
function LinkOutcome({ status }: { status: SectionStatus }) {
  const { client, config, strings, emit } = useWidget();
  const { ok, fail } = status;
  useEffect(() => {
    if (answerTaken || !hasOAuthAnswer()) return;
    answerTaken = true;
    const provider = sessionStorage.getItem(LINKING_KEY) ?? '';
    sessionStorage.removeItem(LINKING_KEY);
    const name = providerName(provider);
    client.oauth.authenticateFromUrl({ session_duration_minutes: config.sessionDurationMinutes }).then(
      async (r) => {
        if (!r) return;
        await client.user.get().catch(() => undefined);
        ok(text(strings, 'profile.providerLinked', { name: providerName(r.provider_type.toLowerCase()) }));
        emit({ type: 'PROFILE_UPDATE', data: { section: 'linkedAccounts', change: 'oauth_linked' } });
      },
      (e: unknown) => {
        // The redirect's error_reason (OAuthCallbackError.reason) or the redemption's error_type.
        const elsewhere = isApiError(e, 'oauth_account_already_linked') || (e as { reason?: unknown } | null)?.reason === 'oauth_account_already_linked';
        fail(text(strings, 'profile.linkLabel', { name }), elsewhere ? new LinkedElsewhere(text(strings, 'profile.linkedElsewhere', { provider: name })) : e);
      },
    );
  }, [client, config.sessionDurationMinutes, strings, emit, ok, fail]);
  return null;
}

/** The message for a provider account another user has (shown as is: it names nothing of that user). */
export class LinkedElsewhere extends Error {
  override name = 'LinkedElsewhere';
}
