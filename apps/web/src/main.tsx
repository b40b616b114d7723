import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { bootstrap } from './app/bootstrap';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import './app/styles.css';
import './shared/ui/shared-ui.css';

const { antdLocale } = await bootstrap();
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders antdLocale={antdLocale}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
