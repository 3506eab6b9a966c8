import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import type { Invoice, InvoicePayment, Statement } from '../../../shared/billing';
import { formatTaxRate, INVOICE_STATUS_LABELS } from '../../../shared/billing';
import { formatMoney } from '../../../shared/money';
import { clinicText } from '../../platform/clinic-time';

export const CLINIC_NAME = 'Clinic Portal';

const METHODS: Record<InvoicePayment['method'], string> = { card: 'Card', cash: 'Cash', cheque: 'Cheque' };

/** Writes a document and answers its bytes. Uncompressed, so its text can be read back by a test. */
function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, heading: string) {
  doc.font('Helvetica-Bold').fontSize(20).text(CLINIC_NAME);
  doc.moveDown(0.3).font('Helvetica').fontSize(14).text(heading);
  doc.moveDown();
}

function field(doc: PDFKit.PDFDocument, label: string, value: string) {
  doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
  doc.font('Helvetica').text(value);
}

function row(doc: PDFKit.PDFDocument, cells: [string, string, string, string], bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(cells[0], 50, y, { width: 270 });
  const afterDescription = doc.y;
  doc.text(cells[1], 330, y, { width: 50, align: 'right' });
  doc.text(cells[2], 390, y, { width: 75, align: 'right' });
  doc.text(cells[3], 475, y, { width: 75, align: 'right' });
  doc.x = 50;
  doc.y = Math.max(afterDescription, doc.y) + 4;
}

function total(doc: PDFKit.PDFDocument, [label, value]: [string, string], bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(label, 330, y, { width: 135, align: 'right' });
  doc.text(value, 475, y, { width: 75, align: 'right' });
  doc.x = 50;
}

/** The invoice: the clinic, its number and dates, the patient, the lines and every figure. */
export function invoicePdf(invoice: Invoice) {
  const number = invoice.number ?? 'Draft';
  return render(`Invoice ${number}`, (doc) => {
    header(doc, `Invoice ${number}`);
    field(doc, 'Status', INVOICE_STATUS_LABELS[invoice.status]);
    field(doc, 'Patient', invoice.patientName);
    if (invoice.practitionerName) field(doc, 'Practitioner', invoice.practitionerName);
    field(doc, 'Issue date', invoice.issueDate ? clinicText.day(invoice.issueDate) : 'Not issued');
    field(doc, 'Due date', clinicText.day(invoice.dueDate));
    doc.moveDown();
    row(doc, ['Description', 'Qty', 'Unit price', 'Amount'], true);
    for (const line of invoice.lineItems)
      row(doc, [
        line.description,
        String(line.quantity),
        formatMoney(line.unitPriceCents, invoice.currency),
        formatMoney(line.amountCents, invoice.currency),
      ]);
    doc.moveDown();
    total(doc, ['Subtotal', formatMoney(invoice.subtotalCents, invoice.currency)]);
    if (invoice.discountCents > 0)
      total(doc, ['Discount', `-${formatMoney(invoice.discountCents, invoice.currency)}`]);
    total(doc, [
      `Tax (${formatTaxRate(invoice.taxRateBasisPoints)})`,
      formatMoney(invoice.taxCents, invoice.currency),
    ]);
    total(doc, ['Total', formatMoney(invoice.totalCents, invoice.currency)], true);
    total(doc, ['Paid', formatMoney(invoice.paidCents, invoice.currency)]);
    total(doc, ['Balance due', formatMoney(invoice.balanceCents, invoice.currency)], true);
    if (invoice.status === 'void') {
      doc.moveDown();
      field(doc, 'Void', invoice.voidReason ?? '');
    }
    if (invoice.notes) {
      doc.moveDown();
      field(doc, 'Notes', invoice.notes);
    }
  });
}

/** A receipt for one payment of an invoice. */
export function receiptPdf(invoice: Invoice, payment: InvoicePayment) {
  const number = invoice.number ?? '';
  return render(`Receipt for invoice ${number}`, (doc) => {
    header(doc, `Payment receipt: invoice ${number}`);
    field(doc, 'Patient', invoice.patientName);
    field(doc, 'Invoice', number);
    field(doc, 'Paid on', clinicText.date(payment.paidAt));
    field(
      doc,
      'Method',
      `${METHODS[payment.method]}${payment.online ? ' (online)' : ''}${payment.cardLast4 ? ` ending ${payment.cardLast4}` : ''}`,
    );
    if (payment.reference) field(doc, 'Reference', payment.reference);
    field(doc, 'Amount', formatMoney(payment.amountCents, invoice.currency));
    if (payment.refundedCents > 0)
      field(doc, 'Refunded', formatMoney(payment.refundedCents, invoice.currency));
    field(doc, 'Receipt reference', payment.id);
    doc.moveDown();
    field(doc, 'Invoice total', formatMoney(invoice.totalCents, invoice.currency));
    field(doc, 'Balance due', formatMoney(invoice.balanceCents, invoice.currency));
  });
}

/** A patient's statement: the balance brought forward, each invoice, payment and refund, and the balance. */
export function statementPdf(statement: Statement) {
  const money = (cents: number) => formatMoney(cents, statement.currency);
  const period = `${clinicText.day(statement.from)} to ${clinicText.day(statement.to)}`;
  return render(`Statement for ${statement.patientName}`, (doc) => {
    header(doc, 'Statement of account');
    field(doc, 'Patient', statement.patientName);
    field(doc, 'Period', period);
    doc.moveDown();
    row(doc, ['Date and entry', '', 'Amount', 'Balance'], true);
    row(doc, ['Balance brought forward', '', '', money(statement.openingBalanceCents)]);
    for (const entry of statement.entries)
      row(doc, [
        `${clinicText.day(entry.day)}  ${entry.description}${entry.kind === 'invoice' ? '' : `, ${entry.invoiceNumber}`}`,
        '',
        money(entry.amountCents),
        money(entry.balanceCents),
      ]);
    if (statement.entries.length === 0)
      row(doc, ['Nothing was invoiced or paid in this period.', '', '', '']);
    doc.moveDown();
    total(doc, ['Invoiced', money(statement.invoicedCents)]);
    total(doc, ['Paid', money(statement.paidCents)]);
    if (statement.refundedCents > 0) total(doc, ['Refunded', money(statement.refundedCents)]);
    total(doc, ['Balance', money(statement.closingBalanceCents)], true);
  });
}

/** Answers a PDF as a download, never kept by a cache on the way. */
export function sendPdf(reply: FastifyReply, filename: string, bytes: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(bytes);
}
