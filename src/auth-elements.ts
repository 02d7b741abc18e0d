/**
 * The defining entry (`auth-elements/define`, and the script-tag bundle dist/auth-elements.js):
 * registers every tag (a no-op on a server) and exports the same API as the package entry.
 * @example
 * <script type="module" src="/node_modules/auth-elements/dist/auth-elements.js"></script>
 * @example
 * import { createClient } from 'auth-elements/define';
 */
import { defineAuthElements } from '../elements/registry.ts';

export * from './index.ts';

defineAuthElements();
