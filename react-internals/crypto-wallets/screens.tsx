/**
 * The crypto screens (docs/reference/methods/crypto-wallets.md#screens "Crypto", docs/reference/methods/crypto-wallets.md#rules "Crypto"): connect -> authenticate start (the server's
 * challenge) -> sign -> authenticate -> success; any failure goes to CryptoError. Their own chunk,
 * loaded by the registry entry (index.ts). Focus on arrival is the shell's (LoginWidget.tsx).
 */
import { useEffect, useRef } from 'react';
import { BackButton } from '../components/BackButton.tsx';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { useWidget } from '../context.ts';
import { text } from '../text.ts';
import { findWallet } from './providers.ts';
import { CRYPTO_RULES } from './styles.ts';
import { pickWallet, WalletButton } from './WalletButton.tsx';
import { splitWallets, walletInfo } from './wallets.ts';
import { Heading } from '../components/Heading.tsx';

/** Runs `run` once per mount of a screen (StrictMode's second effect run included: a ref remembers). */
function useOnce(run: () => Promise<void>): void {
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount, by design.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, []);
}

/** A waiting screen: back arrow, spinner, title and text, announced politely. */
function Waiting({ title, body, data }: { title: string; body: string; data: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useChunkStyles(ref, CRYPTO_RULES);
  return (
    <>
      <BackButton />
      <div className="ae-wallet-status" ref={ref} data-crypto-screen={data}>
        <span className="ae-spinner" aria-hidden="true" />
        <Heading>{title}</Heading>
        <p className="ae-text" part="text" role="status">
          {body}
        </p>
      </div>
    </>
  );
}

/** CryptoConnect: asks the wallet for its account, then the server for a challenge (docs/reference/methods/crypto-wallets.md#rules). */
export function CryptoConnect() {
  const { client, bootstrap, strings, state, dispatch, emit, reportError } = useWidget();
  const option = state.cryptoState.walletOption;
  const wallet = walletInfo(option);
  useOnce(async () => {
    try {
      const handle = findWallet(wallet);
      if (!handle) {
        dispatch({ type: 'crypto_wallet_missing', wallet: option });
        return;
      }
      const address = await handle.connect();
      // With SIWE required (bootstrap), the message names the wallet's chain; domain and URI come from the page's origin.
      const chainId = wallet.type === 'ethereum' && bootstrap?.siwe_required_for_crypto_wallets ? await handle.chainId() : null;
      const start = await client.cryptoWallets.authenticateStart({
        crypto_wallet_address: address,
        crypto_wallet_type: wallet.type,
        ...(chainId ? { siwe_params: { chain_id: chainId } } : {}),
      });
      emit({ type: 'CRYPTO_WALLET_AUTHENTICATE_START', data: { crypto_wallet_address: address, crypto_wallet_type: wallet.type } });
      dispatch({ type: 'crypto_challenge_received', wallet: option, address, challenge: start.challenge });
    } catch (err) {
      reportError(err);
      dispatch({ type: 'crypto_failed', wallet: option });
    }
  });
  const name = strings[wallet.label];
  return <Waiting title={text(strings, 'crypto.connectTitle', { wallet: name })} body={strings['crypto.connectText']} data="connect" />;
}

/** CryptoSignMessage: the wallet signs the challenge, the server verifies it and signs the user in (docs/reference/methods/crypto-wallets.md#rules). */
export function CryptoSignMessage() {
  const { client, config, strings, state, dispatch, emit, reportError } = useWidget();
  const { walletOption: option, walletAddress, walletChallenge } = state.cryptoState;
  const wallet = walletInfo(option);
  useOnce(async () => {
    try {
      const handle = findWallet(wallet);
      if (!handle) throw new Error(`${option} is no longer available in this page.`);
      const signature = await handle.sign(walletAddress, walletChallenge);
      const resp = await client.cryptoWallets.authenticate({
        crypto_wallet_address: walletAddress,
        crypto_wallet_type: wallet.type,
        signature,
        session_duration_minutes: config.sessionDurationMinutes,
      });
      emit({ type: 'CRYPTO_WALLET_AUTHENTICATE', data: resp });
      dispatch({ type: 'crypto_authenticated', wallet: option });
    } catch (err) {
      reportError(err);
      dispatch({ type: 'crypto_failed', wallet: option });
    }
  });
  return <Waiting title={strings['crypto.signTitle']} body={text(strings, 'crypto.signText', { wallet: strings[wallet.label] })} data="sign" />;
}

/** CryptoOtherScreen: the wallets Main had no room for (docs/reference/elements/auth-login.md#main-screen 6-button rule). */
export function CryptoOtherScreen() {
  const { config, strings } = useWidget();
  const ref = useRef<HTMLDivElement>(null);
  useChunkStyles(ref, CRYPTO_RULES);
  const { rest } = splitWallets(config.cryptoOAuthProviderCount);
  return (
    <>
      <BackButton />
      <Heading>{strings['crypto.otherTitle']}</Heading>
      <div className="ae-wallets" ref={ref} data-crypto-screen="other">
        {rest.map((w) => (
          <WalletButton key={w.option} wallet={w} />
        ))}
      </div>
    </>
  );
}

/** CryptoSetupWallet: the wallet picked is not in this browser; where to get it, and try again. */
export function CryptoSetupWallet() {
  const { strings, state, dispatch } = useWidget();
  const wallet = walletInfo(state.cryptoState.walletOption);
  const name = strings[wallet.label];
  const ref = useRef<HTMLDivElement>(null);
  useChunkStyles(ref, CRYPTO_RULES);
  return (
    <>
      <BackButton />
      <div className="ae-form" ref={ref} data-crypto-screen="setup">
        <Heading>{strings['crypto.setupTitle']}</Heading>
        <p className="ae-text" part="text">
          {text(strings, 'crypto.setupText', { wallet: name })}
        </p>
        {wallet.installUrl && (
          <a
            className="ae-button ae-button-secondary"
            part="button secondary-button wallet-install-link"
            href={wallet.installUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {text(strings, 'crypto.setupLink', { wallet: name })}
            <span className="ae-visually-hidden"> {strings['crypto.newTab']}</span>
          </a>
        )}
        <button type="button" className="ae-button" part="button primary-button" data-crypto-retry="" onClick={() => dispatch(pickWallet(wallet))}>
          {strings['crypto.tryAgain']}
        </button>
      </div>
    </>
  );
}

/** CryptoError: 'Looks like there was an error!' and docs/reference/methods/crypto-wallets.md#errors's crypto text; try the same wallet again or go back. */
export function CryptoError() {
  const { strings, state, dispatch } = useWidget();
  const wallet = walletInfo(state.cryptoState.walletOption);
  return (
    <>
      <BackButton />
      <div className="ae-form" data-crypto-screen="error">
        <Heading>{strings['crypto.errorTitle']}</Heading>
        <p className="ae-error" part="error" role="alert">
          {strings['crypto.errorText']}
        </p>
        <button type="button" className="ae-button" part="button primary-button" data-crypto-retry="" onClick={() => dispatch(pickWallet(wallet))}>
          {strings['crypto.tryAgain']}
        </button>
      </div>
    </>
  );
}
