// The kit's element typings for svelte-check (`<auth-login config={...} onauth-event={...}>`).
import type {} from 'auth-elements/svelte';
