import { INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/billing';
import { isId } from '../../lib/ids';

/** What the billing list shows, kept in the address so a reload or a shared link shows the same list. */
export type InvoiceFilters = {
  status: InvoiceStatus | '';
  search: string;
  /** Staff and admin only. */
  practitionerId: string;
  /** Issue days ('YYYY-MM-DD'). */
  from: string;
  to: string;
  page: number;
};

export const NO_INVOICE_FILTERS: InvoiceFilters = {
  status: '',
  search: '',
  practitionerId: '',
  from: '',
  to: '',
  page: 1,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : '');

export function invoiceFiltersFrom(params: URLSearchParams): InvoiceFilters {
  const status = params.get('status');
  const practitionerId = params.get('practitioner');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    status: INVOICE_STATUSES.find((candidate) => candidate === status) ?? '',
    search: (params.get('search') ?? '').slice(0, 100),
    practitionerId: isId(practitionerId) ? practitionerId.toLowerCase() : '',
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes the filters into the address, leaving out empty ones and the first page. */
export function withInvoiceFilters(params: URLSearchParams, filters: InvoiceFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('status', filters.status);
  set('search', filters.search);
  set('practitioner', filters.practitionerId);
  set('from', filters.from);
  set('to', filters.to);
  set('page', filters.page > 1 ? String(filters.page) : '');
  return next;
}

/** The GET /api/invoices query for one page. */
export function invoiceQueryString(filters: InvoiceFilters & { patientId?: string }): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.patientId) query.set('patientId', filters.patientId);
  if (filters.practitionerId) query.set('practitionerId', filters.practitionerId);
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  query.set('page', String(filters.page));
  return query.toString();
}
