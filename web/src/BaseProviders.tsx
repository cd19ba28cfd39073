// What every page needs, the sign-in page included: query cache and i18n. antd's theme, locale and
// App come with the rest of the app (AppProviders / router/AntdLayout), so /login loads without
// antd (issue 12).
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from './api/queryClient';
import { i18n } from './i18n';

export function BaseProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
