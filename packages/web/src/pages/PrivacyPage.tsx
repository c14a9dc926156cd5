import { LIMITS, PRODUCT_NAME } from '@statemint/shared';
import { usePublicConfig } from '../app/config';
import { LEGAL_DATE, StaticPage } from './StaticPage';

export default function PrivacyPage() {
  const { supportEmail } = usePublicConfig();
  return (
    <StaticPage title="Privacy Policy" subtitle={`Last updated: ${LEGAL_DATE}`}>
      <p>
        This policy explains what {PRODUCT_NAME} collects when you convert bank statements, why, and how long it is
        kept.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>The files you upload and the outputs we make from them.</li>
        <li>Your e-mail address (free trial, receipts, accounts) and, with an account, your name.</li>
        <li>A device fingerprint and your IP address, only to apply the free-trial limit.</li>
        <li>Payment details are handled by our card payment provider; we never store card numbers.</li>
      </ul>
      <h2>How long we keep it</h2>
      <p>
        Free-trial and pay-per-file files, originals and outputs, are deleted {LIMITS.anonymousFileLifeHours} hour after
        upload. Pro and Business files are kept for up to {LIMITS.defaultRetentionDays} days, or for the retention
        period you choose, and are deleted completely when you delete them.
      </p>
      <h2>How we protect it</h2>
      <p>Files are encrypted at rest with AES-256, each with its own key, and sent only over encrypted connections.</p>
      <h2>Contact</h2>
      <p>
        Questions about your data: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </StaticPage>
  );
}
