/** JSON-schema pieces shared by the route plugins. */
import { LIMITS } from '@statemint/shared';

export const emailSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
} as const;

export const newPasswordSchema = { type: 'string', minLength: LIMITS.minPasswordLength, maxLength: 1024 } as const;
export const passwordSchema = { type: 'string', minLength: 1, maxLength: 1024 } as const;
export const nameSchema = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
