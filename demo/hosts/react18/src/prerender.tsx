/** Renders App to HTML in Node at build time (build.mjs puts it into index.html). */
import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';

/** The page's HTML inside #root. */
export function render(): string {
  return renderToString(<App />);
}
