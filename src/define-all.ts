/** Registers every Auth Elements tag; safe to call more than once (see elements/registry.ts). */
export { defineAuthElements } from '../elements/registry.ts';
