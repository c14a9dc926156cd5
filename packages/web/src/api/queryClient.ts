import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './client';

/** SPEC §7: no retry, no polling, no refetch on focus, never stale (queries opt out where SPEC says). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn('throw'),
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
