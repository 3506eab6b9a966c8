import { downloadFile } from '../../lib/download';
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
  await downloadFile(path, 'application/pdf', fileName);
}
