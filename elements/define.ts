/**
 * Side-effect entry: importing this module registers every Auth Elements tag (a no-op on a server).
 * @example
 * import 'auth-elements/define';
 * document.body.innerHTML; // <auth-login config='{"publicToken":"..."}'></auth-login> now upgrades
 */
import { defineAuthElements } from './registry.ts';

export { defineAuthElements };

defineAuthElements();
