/** Hydrates the prerendered page (index.html holds App's HTML, <auth-login> included). */
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';

hydrateRoot(document.getElementById('root')!, <App />);
