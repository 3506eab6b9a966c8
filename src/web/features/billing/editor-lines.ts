import type { BillableAppointment, Invoice, InvoiceLineInput } from '../../../shared/billing';
import { centsFromText, decimalFromCents } from '../../../shared/money';
import type { ServiceType } from '../../../shared/scheduling';

/** A line as the editor holds it: typed text until it is sent. */
export type DraftLine = {
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
  serviceTypeId?: string;
  appointmentId?: string;
};

let counter = 0;
const nextKey = () => {
  counter += 1;
  return `line-${counter}`;
};

export const freeLine = (): DraftLine => ({ key: nextKey(), description: '', quantity: '1', unitPrice: '' });

export const serviceLine = (service: ServiceType): DraftLine => ({
  key: nextKey(),
  description: service.name,
  quantity: '1',
  unitPrice: decimalFromCents(service.priceCents),
  serviceTypeId: service.id,
});

export const appointmentLine = (appointment: BillableAppointment, description: string): DraftLine => ({
  key: nextKey(),
  description,
  quantity: '1',
  unitPrice: decimalFromCents(appointment.priceCents),
  serviceTypeId: appointment.serviceTypeId,
  appointmentId: appointment.appointmentId,
});

export const linesOf = (invoice: Invoice): DraftLine[] =>
  invoice.lineItems.map((line) => ({
    key: nextKey(),
    description: line.description,
    quantity: String(line.quantity),
    unitPrice: decimalFromCents(line.unitPriceCents),
    ...(line.serviceTypeId ? { serviceTypeId: line.serviceTypeId } : {}),
    ...(line.appointmentId ? { appointmentId: line.appointmentId } : {}),
  }));

const quantityOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The figures the preview can count: lines whose quantity and price read as numbers. */
export const countableLines = (lines: DraftLine[]) =>
  lines.map((line) => ({
    quantity: quantityOf(line.quantity) ?? 0,
    unitPriceCents: centsFromText(line.unitPrice) ?? 0,
  }));

/** What is wrong with the lines before anything is sent, keyed as the server keys its field messages. */
export function lineErrors(lines: DraftLine[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (lines.length === 0) errors.lineItems = 'Add at least one line';
  lines.forEach((line, index) => {
    const at = `lineItems.${index}`;
    if (!line.description.trim()) errors[`${at}.description`] = 'Each line needs a description';
    const quantity = quantityOf(line.quantity);
    if (quantity === null || quantity < 1)
      errors[`${at}.quantity`] = 'Quantity must be a whole number from 1';
    if (centsFromText(line.unitPrice) === null)
      errors[`${at}.unitPriceCents`] = 'Enter a price such as 55.00';
  });
  return errors;
}

/** The lines as the contract takes them; only call once lineErrors is empty. */
export const linesInput = (lines: DraftLine[]): InvoiceLineInput[] =>
  lines.map((line) => ({
    description: line.description.trim(),
    quantity: quantityOf(line.quantity) ?? 1,
    unitPriceCents: centsFromText(line.unitPrice) ?? 0,
    ...(line.serviceTypeId ? { serviceTypeId: line.serviceTypeId } : {}),
    ...(line.appointmentId ? { appointmentId: line.appointmentId } : {}),
  }));
