import { errorFromResponse, networkError } from '../../lib/api-error';
import { tokenStore } from '../../lib/token-store';
import { invoicePath } from './api';

/** The invoice as a PDF document. */
export const invoicePdfPath = (invoiceId: string) => `${invoicePath(invoiceId)}/pdf`;
/** One payment's receipt as a PDF document. */
export const receiptPdfPath = (invoiceId: string, paymentId: string) =>
  `${invoicePath(invoiceId)}/payments/${encodeURIComponent(paymentId)}/receipt`;

/**
 * Documents are fetched with the session's bearer token like every other call (a plain link would carry
 * none), then handed to the browser as a download under the given file name.
 */
export async function downloadPdf(path: string, fileName: string): Promise<void> {
  const token = tokenStore.get();
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
