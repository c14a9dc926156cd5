/** Public configuration from GET /api/config (support address, Stripe key, test mode). */
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import type { PublicConfig } from '../api/types';

export const DEFAULT_CONFIG: PublicConfig = {
  supportEmail: 'support@statemint.local',
  stripePublishableKey: null,
  testMode: true,
};

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: ['/api/config'],
    queryFn: async () => {
      try {
        return { ...DEFAULT_CONFIG, ...(await apiRequest<Partial<PublicConfig>>('/api/config')) };
      } catch {
        return DEFAULT_CONFIG;
      }
    },
  });
  return data ?? DEFAULT_CONFIG;
}
