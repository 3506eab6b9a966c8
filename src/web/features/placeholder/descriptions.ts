import type { RouteKey } from '../../../shared/routes';

/** What each unbuilt area will hold (PRODUCT.md), so users know what to expect. */
export const AREA_DESCRIPTIONS: Partial<Record<RouteKey, string>> = {
  patientPortal: 'Your appointments, notes, invoices and messages will be gathered here.',
  clients: 'A searchable list of patients with their records will appear here.',
  patients: 'A searchable list of patients with their records will appear here.',
  calendar: 'Day, week and month views with booking and rescheduling will appear here.',
  appointments: 'Upcoming, past and cancelled appointments will appear here.',
  recoveryNotes: 'Recovery notes with pain scores and functional goals will appear here.',
  recoveryNote: 'This note and its history will appear here.',
  billing: 'Invoices, payments and receipts will appear here.',
  messages: 'Your conversations will appear here.',
  reports: 'Appointment, revenue and utilisation reports will appear here.',
  store: 'The clinic’s merchandise catalogue will appear here.',
  checkout: 'Your cart, shipping address and payment will appear here.',
  checkoutSuccess: 'Your order confirmation will appear here.',
  product: 'Product details with sizes and colours will appear here.',
  memberOrders: 'Your order history will appear here.',
  orders: 'Your order history will appear here.',
  patientOnboarding: 'A step-by-step intake form for new patients will appear here.',
};
