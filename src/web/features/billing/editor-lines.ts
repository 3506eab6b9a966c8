import { z } from 'zod';
import {
  BILLING_ERRORS,
  type BillableAppointment,
  type Invoice,
  type InvoiceLineInput,
} from '../../../shared/billing';
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

/**
 * A line as typed, checked before anything is sent and read into the contract's line. Messages are keyed as
 * the server keys its own (lineItems.0.unitPriceCents), so both land on the same field.
 */
export const DraftLineSchema = z
  .object({
    key: z.string(),
    description: z.string(),
    quantity: z.string(),
    unitPrice: z.string(),
    serviceTypeId: z.string().optional(),
    appointmentId: z.string().optional(),
  })
  .superRefine((line, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (!line.description.trim()) problem('description', BILLING_ERRORS.description);
    const quantity = quantityOf(line.quantity);
    if (quantity === null || quantity < 1) problem('quantity', BILLING_ERRORS.quantity);
    if (centsFromText(line.unitPrice) === null) problem('unitPriceCents', 'Enter a price such as 55.00');
  })
  .transform(
    (line): InvoiceLineInput => ({
      description: line.description.trim(),
      quantity: quantityOf(line.quantity) ?? 1,
      unitPriceCents: centsFromText(line.unitPrice) ?? 0,
      ...(line.serviceTypeId ? { serviceTypeId: line.serviceTypeId } : {}),
      ...(line.appointmentId ? { appointmentId: line.appointmentId } : {}),
    }),
  );
