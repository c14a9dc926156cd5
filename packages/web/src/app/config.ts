/** Public configuration from GET /api/config (support address, Stripe key, test mode). */
import { DEFAULT_SUPPORT_EMAIL, type PublicConfig, ROUTES } from '@statemint/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';

export const DEFAULT_CONFIG: PublicConfig = {
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  stripePublishableKey: null,
  testMode: true,
};

/** The config, with `ready` false until the server has answered (or failed to). */
export function usePublicConfigState(): { config: PublicConfig; ready: boolean } {
  const { data } = useQuery({
    queryKey: ['/api/config'],
    queryFn: async () => {
      try {
        return { ...DEFAULT_CONFIG, ...(await callApi(ROUTES.config)) };
      } catch {
        return DEFAULT_CONFIG;
      }
    },
  });
  return { config: data ?? DEFAULT_CONFIG, ready: data !== undefined };
}

export function usePublicConfig(): PublicConfig {
  return usePublicConfigState().config;
}
