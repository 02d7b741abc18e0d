/**
 * viem, loaded at the first wallet call rather than at start: importing its address, signature and
 * SIWE helpers cost about 0.7 s of CPU (hundreds of modules), paid by every server start and test
 * process whether or not a wallet ever signs in. As with the WebAuthn library (webauthn/library.ts).
 */
type Library = { utils: typeof import('viem/utils'); siwe: typeof import('viem/siwe') };

let library: Promise<Library> | undefined;

/** viem's utils and siwe entries, imported once on first use. */
export function viemLibrary(): Promise<Library> {
  library ??= Promise.all([import('viem/utils'), import('viem/siwe')]).then(([utils, siwe]) => ({ utils, siwe }));
  return library;
}
