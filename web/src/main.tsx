import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchScreenData, preloadScreenFor } from './app/app-routes';
import { bootstrap } from './app/bootstrap';
import { registerServiceWorker } from './app/register-service-worker';
import './index.css';

const root = document.getElementById('root');
if (root) {
  prefetchScreenData(window.location.pathname);
  // Texts and settings first, so the first paint is in the user's language with the real figures; then
  // the screen itself (its code is already on its way: the server lists it in the page), so the first
  // render shows it without a loading step. A screen that fails to load shows its error when rendered.
  void bootstrap()
    .then(() =>
      preloadScreenFor(window.location.pathname).catch(() => undefined),
    )
    .then(() =>
      // As a transition React renders in slices and lets the browser answer input in between,
      // instead of one long task while a slow phone builds the first screen.
      startTransition(() =>
        createRoot(root).render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      ),
    );
}
registerServiceWorker();
