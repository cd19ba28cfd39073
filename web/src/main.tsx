// The entry carries no antd: /login paints with React, the router and i18n only; antd comes with
// router/AntdLayout (and its React 19 patch with it) for every other route (issue 12).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import 'nprogress/nprogress.css';
import './styles.css';
import { BaseProviders } from './BaseProviders';
import { routes } from './router/routes';
import { registerRouter } from './router/navigation';

const router = createBrowserRouter(routes);
registerRouter(router);

// A transition renders the first tree in slices that yield to the browser (no single long task
// while the HTML splash is already on screen): Lighthouse's mobile total blocking time (issue 12).
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <BaseProviders>
        <RouterProvider router={router} />
      </BaseProviders>
    </StrictMode>,
  ),
);
