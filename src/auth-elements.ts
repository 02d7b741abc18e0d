/**
 * The script-tag bundle: `<script type="module" src=".../auth-elements.js">` registers every tag and
 * exports the same API as the package entry.
 * @example
 * import { createClient, mountLogin } from '/dist/auth-elements.js';
 */
import { defineAuthElements } from './define-all.ts';

export * from './index.ts';

defineAuthElements();
