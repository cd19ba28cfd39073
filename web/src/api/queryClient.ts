import { QueryClient } from '@tanstack/react-query';

// One cache for the app. No automatic retries or refetch-on-focus: the client has already told
// the user about a failure, and repeating it would repeat the notification.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
