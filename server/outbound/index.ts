/** The server's outbound calls to URLs a project configured: target checks (SSRF) and signed POSTs. */
export { type AddressClass, classifyAddress, embeddedIPv4 } from './address.ts';
export {
  OUTBOUND_MAX_RESPONSE_BYTES,
  OUTBOUND_TIMEOUT_MS,
  type SignedPostOptions,
  type SignedPostResult,
  signatureHeaders,
  signedPost,
} from './send.ts';
export {
  checkTarget,
  checkTargetSyntax,
  type OutboundMode,
  type ResolvedAddress,
  type Resolver,
  systemResolver,
  type TargetCheck,
  type TargetOptions,
  type TargetRefusal,
} from './target.ts';
