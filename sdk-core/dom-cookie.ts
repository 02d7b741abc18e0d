/** `document.cookie` read and written through Document.prototype, which DOM clobbering cannot redirect (see ./dom.ts). */

/** `document.cookie`, read through Document.prototype ('' where there is no document). */
export function readDocumentCookie(): string {
  if (typeof document === 'undefined') return '';
  const value = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')?.get?.call(document);
  return typeof value === 'string' ? value : '';
}

/** `document.cookie = assignment`, through Document.prototype. */
export function writeDocumentCookie(assignment: string): void {
  if (typeof document === 'undefined') return;
  const set = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')?.set;
  set?.call(document, assignment);
}
