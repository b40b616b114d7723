import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { bootstrap } from './app/bootstrap';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { listenForInstallPrompt } from './shared/pwa/install-prompt';
import './app/styles.css';
import './shared/ui/shared-ui.css';

// Before anything awaits: the browser may offer installing the app early (issue 34 item 2).
listenForInstallPrompt();
const { antdLocale } = await bootstrap();
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders antdLocale={antdLocale}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
