import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { registerServiceWorker } from './app/register-service-worker';
import './index.css';

const root = document.getElementById('root');
if (root) {
  // Texts and settings first, so the first paint is in the user's language with the real figures.
  void bootstrap().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
registerServiceWorker();
