// Renders the real route table in a memory router with the app's providers.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../AppProviders';
import { queryClient } from '../api/queryClient';
import { syncLangFromStorage } from '../i18n';
import { registerRouter } from '../router/navigation';
import { routes } from '../router/routes';
import { sessionStore } from '../session/store';

export function renderApp(path: string) {
  sessionStore.clear();
  queryClient.clear();
  syncLangFromStorage();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerRouter(router);
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

export const currentUrl = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;
