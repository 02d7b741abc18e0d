// Builds the React 19 app: esbuild bundles its two pages (main.tsx: the tag, the kit imported in
// useEffect; wrapper.tsx: the auth-elements/react wrapper), after tsc has checked them against
// React 19's types; React 19 resolves from this folder.
import { bundle, typecheck } from '../bundle.mjs';

const app = import.meta.dirname;

/** Type-checks the app (React 19's types, the kit's JSX types) and bundles it into `outdir`. */
export async function build({ outdir, env }) {
  await typecheck(app);
  await bundle({ app, outdir, entryPoints: { main: 'src/main.tsx', wrapper: 'src/wrapper.tsx' }, pages: ['index.html', 'wrapper.html'], env });
}
