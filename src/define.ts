/**
 * `auth-elements/define`: registers every tag (a no-op on a server) and exports the same API as the
 * package entry, for bundled apps (their bundler splits the lazy React side off as it does here).
 * @example
 * import { createClient } from 'auth-elements/define';
 */
import { defineAuthElements } from '../elements/registry.ts';

export * from './index.ts';

defineAuthElements();
