// Types of the single-file component import and the kit's template typings (for vue-tsc / Volar).
import type {} from 'auth-elements/vue';

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
