import { formatInvoiceNumber, type Invoice } from '../../shared/billing';
import type { ServiceType } from '../../shared/scheduling';
import { userWithRole } from './fixtures';
import { nextId } from './live-fixtures';

export const PATIENT = userWithRole('patient');
export const PRACTITIONER = userWithRole('practitioner');

/** An invoice as the server answers it: Pat Morgan's, sent, one $100 line, nothing paid unless told. */
export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  const base: Invoice = {
    id: nextId(),
    number: formatInvoiceNumber(1),
    status: 'sent',
    patientId: PATIENT.id,
    patientName: 'Pat Morgan',
    practitionerId: PRACTITIONER.id,
    practitionerName: 'Riley Chen',
    issueDate: '2026-11-02',
    dueDate: '2026-12-02',
    currency: 'usd',
    totalCents: 10000,
    paidCents: 0,
    balanceCents: 10000,
    createdAt: '2026-11-02T10:00:00.000Z',
    lineItems: [
      {
        id: nextId(),
        description: 'Initial assessment',
        quantity: 1,
        unitPriceCents: 10000,
        amountCents: 10000,
        serviceTypeId: null,
        appointmentId: null,
      },
    ],
    subtotalCents: 10000,
    discountCents: 0,
    taxRateBasisPoints: 0,
    taxCents: 0,
    notes: '',
    voidReason: null,
    sentAt: '2026-11-02T10:00:00.000Z',
    paidAt: null,
    voidedAt: null,
    payments: [],
  };
  return { ...base, ...overrides };
}

export function serviceType(overrides: Partial<ServiceType> = {}): ServiceType {
  return {
    id: nextId(),
    name: 'Sports massage',
    description: '',
    durationMinutes: 60,
    priceCents: 8000,
    colour: '#2563eb',
    isPublic: true,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
