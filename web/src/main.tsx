// Must come first: without it antd 5's message/notification never show under React 19.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import 'nprogress/nprogress.css';
import './styles.css';
import { AppProviders } from './AppProviders';
import { routes } from './router/routes';
import { registerRouter } from './router/navigation';

const router = createBrowserRouter(routes);
registerRouter(router);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
