/** SPEC §6: the free-trial eligibility check that runs before every free-trial upload. */
import { ROUTES } from '@statemint/shared';
import { callApi } from '../api/client';
import { ApiError } from '../api/errors';
import { toast } from '../components/toast';
import { deviceFingerprint, FINGERPRINT_HEADER } from '../lib/fingerprint';
import { FREE_TRIAL_CHECK_TOAST, freeTrialDenied } from '../lib/messages';

/** A refused free trial: why, and from when (ISO) it can be used again, if known. */
export interface FreeTrialRefusal {
  code: 'FREE_TRIAL_COOLDOWN' | 'FREE_TRIAL_LOCKED' | 'OTHER';
  nextAt: string | null;
}

/**
 * Null when the upload may go ahead; otherwise the refusal (its toast is shown; the page shows it
 * inline too, with the next free time and a pay option), or a check failure (code OTHER).
 */
export async function freeTrialRefusal(email: string): Promise<FreeTrialRefusal | null> {
  const fingerprint = deviceFingerprint();
  try {
    const check = await callApi(ROUTES.checkFreeTrial, {
      body: { email, deviceFingerprint: fingerprint },
      headers: { [FINGERPRINT_HEADER]: fingerprint },
    });
    if (check.canUse) return null;
    toast(freeTrialDenied(check.code));
    const code = check.code === 'FREE_TRIAL_LOCKED' || check.code === 'FREE_TRIAL_COOLDOWN' ? check.code : 'OTHER';
    return { code, nextAt: check.nextAt ?? null };
  } catch (e) {
    // A refusal answered as an error still carries its code.
    if (e instanceof ApiError && (e.code === 'FREE_TRIAL_COOLDOWN' || e.code === 'FREE_TRIAL_LOCKED')) {
      toast(freeTrialDenied(e.code));
      return { code: e.code, nextAt: null };
    }
    toast(FREE_TRIAL_CHECK_TOAST);
    return { code: 'OTHER', nextAt: null };
  }
}
