/** SPEC §6: the free-trial eligibility check that runs before every free-trial upload. */
import { ROUTES } from '@statemint/shared';
import { callApi } from '../api/client';
import { ApiError } from '../api/errors';
import { toast } from '../components/toast';
import { deviceFingerprint, FINGERPRINT_HEADER } from '../lib/fingerprint';
import { FREE_TRIAL_CHECK_TOAST, freeTrialDenied } from '../lib/messages';

/** True when the upload may go ahead; otherwise the refusal (or check failure) toast is shown. */
export async function freeTrialAllowed(email: string): Promise<boolean> {
  const fingerprint = deviceFingerprint();
  try {
    const check = await callApi(ROUTES.checkFreeTrial, {
      body: { email, deviceFingerprint: fingerprint },
      headers: { [FINGERPRINT_HEADER]: fingerprint },
    });
    if (!check.canUse) toast(freeTrialDenied(check.code));
    return check.canUse;
  } catch (e) {
    // A refusal answered as an error still carries its code.
    if (e instanceof ApiError && (e.code === 'FREE_TRIAL_COOLDOWN' || e.code === 'FREE_TRIAL_LOCKED'))
      toast(freeTrialDenied(e.code));
    else toast(FREE_TRIAL_CHECK_TOAST);
    return false;
  }
}
