/**
 * Document access that DOM clobbering cannot redirect. A document's named properties shadow its
 * prototype (HTML "named properties" of Document, [LegacyOverrideBuiltIns]): a host page holding
 * `<img name="cookie">` turns `document.cookie` into that image, `<img name="head">` does the same
 * to `document.head`, `<form name="querySelectorAll">` to the method. So the kit reads these
 * through Document.prototype (or the node type's prototype) and calls them on the node, which
 * named properties cannot reach. `document.location` and `window.*` globals are [LegacyUnforgeable]
 * or own properties of the window, which named access does not shadow.
 */

/** A prototype getter called on `target`; undefined when it does not exist here. */
function protoGet<T>(proto: object, name: string, target: object): T | undefined {
  const get = Object.getOwnPropertyDescriptor(proto, name)?.get;
  return get ? (get.call(target) as T) : undefined;
}

// The cookie accessors are the client core's only DOM access: a module of their own (issue 16), so
// the client's initial JS does not carry the widget's DOM helpers below.
export { readDocumentCookie, writeDocumentCookie } from './dom-cookie.ts';

/** `document.head`, through Document.prototype. */
export function documentHead(): HTMLHeadElement | null {
  return protoGet<HTMLHeadElement | null>(Document.prototype, 'head', document) ?? null;
}

/** `document.createElement(tag)`, through Document.prototype. */
export function createElement<K extends keyof HTMLElementTagNameMap>(tag: K): HTMLElementTagNameMap[K];
export function createElement(tag: string): HTMLElement;
export function createElement(tag: string): HTMLElement {
  return Document.prototype.createElement.call(document, tag);
}

/**
 * `root.querySelectorAll(selector)` for a document, shadow root or element, through the node
 * type's prototype (a `<form>` also exposes its controls by name, e.g. `<input name="querySelectorAll">`).
 */
export function queryAll<E extends Element = Element>(root: Document | DocumentFragment | Element, selector: string): E[] {
  const proto = root instanceof Document ? Document.prototype : root instanceof Element ? Element.prototype : DocumentFragment.prototype;
  return Array.from(proto.querySelectorAll.call(root, selector) as NodeListOf<E>);
}

/** `el.shadowRoot` through Element.prototype (a form control named `shadowRoot` would shadow it on a form). */
export function openShadowRoot(el: Element): ShadowRoot | null {
  return protoGet<ShadowRoot | null>(Element.prototype, 'shadowRoot', el) ?? null;
}

/** Document.prototype or ShadowRoot.prototype: where `root`'s DocumentOrShadowRoot members live. */
const rootProto = (root: Document | ShadowRoot): object => (root instanceof Document ? Document.prototype : ShadowRoot.prototype);

/** `root.adoptedStyleSheets`, through the prototype (`<img name="adoptedStyleSheets">` on the document). */
export function adoptedSheets(root: Document | ShadowRoot): CSSStyleSheet[] {
  const sheets = protoGet<CSSStyleSheet[]>(rootProto(root), 'adoptedStyleSheets', root);
  return Array.isArray(sheets) ? [...sheets] : [];
}

/** `root.adoptedStyleSheets = sheets`, through the prototype. */
export function setAdoptedSheets(root: Document | ShadowRoot, sheets: CSSStyleSheet[]): void {
  Object.getOwnPropertyDescriptor(rootProto(root), 'adoptedStyleSheets')?.set?.call(root, sheets);
}

/** Adds `sheet` to `root`'s adopted sheets unless it is there already. */
export function adoptSheet(root: Document | ShadowRoot, sheet: CSSStyleSheet): void {
  const current = adoptedSheets(root);
  if (!current.includes(sheet)) setAdoptedSheets(root, [...current, sheet]);
}

/** `root.activeElement`, through the prototype (`<img name="activeElement">` on the document). */
export function activeElementOf(root: Document | ShadowRoot): Element | null {
  return protoGet<Element | null>(rootProto(root), 'activeElement', root) ?? null;
}
