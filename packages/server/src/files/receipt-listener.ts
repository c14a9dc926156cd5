/** A pay-as-you-go file converted: its payer is e-mailed a link to the result (the receipt went out at payment). */
import { sendPaidResult } from '../services/receipts';
import { capabilityOf } from './capability';
import type { ConversionListener, FilesContext } from './context';

export function paidFileReceipts(files: FilesContext): ConversionListener {
  return async ({ fileId, ok }) => {
    if (!ok) return; // a failed conversion gives the payment back; it may be used again
    const file = await files.repo.find(fileId);
    if (file?.mode !== 'paid' || !file.payment_intent_id) return;
    const payment = await files.ctx.repos.payments.findByIntent(file.payment_intent_id);
    if (!payment) return;
    await sendPaidResult(files.ctx, payment.id, {
      // The result page (review and every download), which the web app serves at /review, with the
      // upload's capability in the fragment (never sent to a server): the payer may edit and delete it.
      url: `${files.ctx.config.publicUrl}/review?file=${encodeURIComponent(file.id)}#capability=${capabilityOf(files, file.id)}`,
      fileName: file.original_filename,
      until: file.expires_at,
    });
  };
}
