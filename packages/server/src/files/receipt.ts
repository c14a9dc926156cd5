/**
 * The receipt of a pay-per-file conversion, e-mailed when the paid upload is accepted: what was
 * paid, and a link back to the result (the review page) for the file's hour, so nobody pays for
 * a result they cannot get back after closing the tab.
 */
import { formatPrice, LIMITS, PRICES_CENTS, PRODUCT_NAME } from '@statemint/shared';
import type { FilesContext } from './context';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where a file's result is reviewed and downloaded (the web app's /review page). */
export function resultLink(files: FilesContext, fileId: string): string {
  return `${files.ctx.config.publicUrl}/review?file=${encodeURIComponent(fileId)}`;
}

export async function sendPaidReceipt(
  files: FilesContext,
  input: { email: string; fileId: string; fileName: string; paymentIntentId: string },
): Promise<void> {
  const link = resultLink(files, input.fileId);
  const price = formatPrice(PRICES_CENTS.payasyougo);
  const hours = LIMITS.anonymousFileLifeHours;
  try {
    await files.ctx.mailer.send({
      to: input.email,
      subject: `Your ${PRODUCT_NAME} receipt: ${price} for ${input.fileName}`,
      text: `Thank you for your payment of ${price} (payment ${input.paymentIntentId}) for converting ${input.fileName}.\n\nYour result, to review and download for ${hours} hour:\n\n${link}\n\n${PRODUCT_NAME}\n`,
      html: `<p>Thank you for your payment of ${price} (payment ${escapeHtml(input.paymentIntentId)}) for converting ${escapeHtml(input.fileName)}.</p><p><a href="${escapeHtml(link)}">Review and download your result</a> (available for ${hours} hour).</p><p>${PRODUCT_NAME}</p>`,
    });
  } catch (err) {
    // The conversion goes on without the e-mail; the result page still works.
    files.ctx.log.error({ err, fileId: input.fileId }, 'receipt e-mail failed');
  }
}
