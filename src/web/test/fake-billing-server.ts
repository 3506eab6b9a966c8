import type { z } from 'zod';
import {
  BILLING_ERRORS,
  type BillableAppointment,
  type BillingPolicy,
  type BillingSettings,
  BillingSettingsSchema,
  ConfirmInvoicePaymentInputSchema,
  CreateInvoiceInputSchema,
  DEFAULT_BILLING_POLICY,
  formatInvoiceNumber,
  INVOICE_PAGE_SIZE,
  type Invoice,
  type InvoiceLineInput,
  invoiceTotals,
  OPEN_INVOICE_STATUSES,
  RecordPaymentInputSchema,
  RefundPaymentInputSchema,
  type Statement,
  UpdateInvoiceInputSchema,
  VoidInvoiceInputSchema,
} from '../../shared/billing';
import {
  CARD_ERRORS,
  intentIdFromClientSecret,
  TEST_CARDS,
  TestConfirmCardInputSchema,
} from '../../shared/payments';
import type { ServiceType } from '../../shared/scheduling';
import { invoice, PATIENT } from './billing-fixtures';
import { jsonResponse } from './fixtures';
import { nextId } from './live-fixtures';

export type Call = { method: string; url: string; body: unknown };

const json = jsonResponse;
const invalid = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return json({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
};

type State = {
  invoices: Invoice[];
  billable: Record<string, BillableAppointment[]>;
  services: ServiceType[];
  settings: BillingSettings;
  policy: BillingPolicy;
  /** The statement GET /api/billing/statements answers, for the period asked. */
  statement: Statement | null;
  /** Who is calling: a patient sees only their own invoices that are not drafts. */
  viewer: 'patient' | 'clinic';
  today: string;
};

/**
 * Answers the billing calls like the server does (the contract's schemas with 400 fields, the figures
 * recomputed with invoiceTotals, 404 out of reach, number and status on send, payments and refunds moving
 * paid and balance) and the test card provider's calls (4242… succeeds, 4000…0002 is declined).
 */
export function fakeBillingServer(initial: Partial<State> = {}) {
  const state: State = {
    invoices: [],
    billable: {},
    services: [],
    settings: { taxRateBasisPoints: 0, paymentTermsDays: 30 },
    policy: DEFAULT_BILLING_POLICY,
    statement: null,
    viewer: 'clinic',
    today: '2026-11-20',
    ...initial,
  };
  const calls: Call[] = [];
  const intents = new Map<
    string,
    { invoiceId: string; amountCents: number; paid: boolean; last4: string | null }
  >();
  let numbers = state.invoices.filter((item) => item.number).length;

  const visible = (item: Invoice) =>
    state.viewer === 'clinic' || (item.patientId === PATIENT.id && item.status !== 'draft');
  const find = (id: string) => state.invoices.find((item) => item.id === id && visible(item));
  const save = (next: Invoice) => {
    state.invoices = state.invoices.map((item) => (item.id === next.id ? next : item));
    return json({ invoice: next });
  };

  /** Paid, balance and status from the payments, as the server keeps them. */
  const settle = (item: Invoice): Invoice => {
    const paidCents = item.payments.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0);
    const balanceCents = item.totalCents - paidCents;
    const status =
      item.status === 'void' || item.status === 'draft'
        ? item.status
        : balanceCents <= 0
          ? 'paid'
          : paidCents > 0
            ? 'partially_paid'
            : item.dueDate < state.today
              ? 'overdue'
              : 'sent';
    return {
      ...item,
      paidCents,
      balanceCents,
      status,
      paidAt: status === 'paid' ? `${state.today}T12:00:00.000Z` : null,
    };
  };

  const withLines = (item: Invoice, lines: InvoiceLineInput[], discountCents: number) => {
    const billable = state.billable[item.patientId] ?? [];
    const lineItems = lines.map((line) => {
      const session = line.appointmentId
        ? billable.find((candidate) => candidate.appointmentId === line.appointmentId)
        : undefined;
      const unitPriceCents = session ? session.priceCents : line.unitPriceCents;
      const quantity = session ? 1 : line.quantity;
      return {
        id: nextId(),
        description: session ? `${session.serviceName} (server)` : line.description,
        quantity,
        unitPriceCents,
        amountCents: quantity * unitPriceCents,
        serviceTypeId: line.serviceTypeId ?? null,
        appointmentId: line.appointmentId ?? null,
      };
    });
    const totals = invoiceTotals(lineItems, discountCents, state.settings.taxRateBasisPoints);
    return settle({
      ...item,
      lineItems,
      ...totals,
      taxRateBasisPoints: state.settings.taxRateBasisPoints,
      balanceCents: totals.totalCents,
    });
  };

  const list = (params: URLSearchParams) => {
    const search = (params.get('search') ?? '').toLowerCase();
    const matches = state.invoices
      .filter(visible)
      .filter((item) => !params.get('status') || item.status === params.get('status'))
      .filter((item) => !params.get('patientId') || item.patientId === params.get('patientId'))
      .filter((item) => !params.get('practitionerId') || item.practitionerId === params.get('practitionerId'))
      .filter((item) => !search || `${item.number ?? ''} ${item.patientName}`.toLowerCase().includes(search))
      .filter((item) => !params.get('from') || (item.issueDate ?? '') >= (params.get('from') ?? ''))
      .filter((item) => !params.get('to') || (item.issueDate ?? '9999') <= (params.get('to') ?? ''));
    const page = Number(params.get('page') ?? '1');
    const open = matches.filter((item) => (OPEN_INVOICE_STATUSES as readonly string[]).includes(item.status));
    const overdue = matches.filter((item) => item.status === 'overdue');
    const sum = (items: Invoice[]) => items.reduce((total, item) => total + item.balanceCents, 0);
    return json({
      invoices: matches
        .slice((page - 1) * INVOICE_PAGE_SIZE, page * INVOICE_PAGE_SIZE)
        .map(({ lineItems, payments, ...summary }) => summary),
      page,
      pageSize: INVOICE_PAGE_SIZE,
      total: matches.length,
      totals: { outstandingCents: sum(open), overdueCents: sum(overdue), overdueCount: overdue.length },
    });
  };

  const create = (body: unknown) => {
    const parsed = CreateInvoiceInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const input = parsed.data;
    const draft = withLines(
      invoice({
        number: null,
        status: 'draft',
        patientId: input.patientId,
        patientName: input.patientId === PATIENT.id ? 'Pat Morgan' : 'Another Patient',
        practitionerId: input.practitionerId ?? null,
        practitionerName: input.practitionerId ? 'Riley Chen' : null,
        issueDate: null,
        dueDate: input.dueDate ?? '2026-12-20',
        notes: input.notes ?? '',
        sentAt: null,
      }),
      input.lineItems,
      input.discountCents ?? 0,
    );
    if (draft.totalCents > 10_000_000)
      return json(
        { message: BILLING_ERRORS.totalTooLarge, fields: { lineItems: BILLING_ERRORS.totalTooLarge } },
        400,
      );
    state.invoices = [draft, ...state.invoices];
    return json({ invoice: draft }, 201);
  };

  const update = (item: Invoice, body: unknown) => {
    const parsed = UpdateInvoiceInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    if (item.status !== 'draft') return json({ message: BILLING_ERRORS.notDraft }, 409);
    const input = parsed.data;
    const changed = {
      ...item,
      ...(input.dueDate ? { dueDate: input.dueDate } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
    };
    const lines: InvoiceLineInput[] =
      input.lineItems ??
      item.lineItems.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        ...(line.appointmentId ? { appointmentId: line.appointmentId } : {}),
      }));
    return save(withLines(changed, lines, input.discountCents ?? item.discountCents));
  };

  const pay = (item: Invoice) => {
    if (!(OPEN_INVOICE_STATUSES as readonly string[]).includes(item.status))
      return json({ message: BILLING_ERRORS.notOpen }, 409);
    const intentId = `pi_${String(intents.size + 1).padStart(8, '0')}`;
    intents.set(intentId, { invoiceId: item.id, amountCents: item.balanceCents, paid: false, last4: null });
    return json({
      clientSecret: `${intentId}_secret_abc123`,
      paymentIntentId: intentId,
      amountCents: item.balanceCents,
    });
  };

  const confirmCard = (body: unknown) => {
    const parsed = TestConfirmCardInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const intentId = intentIdFromClientSecret(parsed.data.clientSecret) ?? '';
    const intent = intents.get(intentId);
    if (!intent) return json({ message: 'No such payment intent' }, 404);
    if (parsed.data.cardNumber === TEST_CARDS.declined)
      return json({
        status: 'requires_payment_method',
        paymentIntentId: intentId,
        error: CARD_ERRORS.declined,
      });
    intent.paid = true;
    intent.last4 = parsed.data.cardNumber.slice(-4);
    return json({ status: 'succeeded', paymentIntentId: intentId });
  };

  const confirm = (item: Invoice, body: unknown) => {
    const parsed = ConfirmInvoicePaymentInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const intent = intents.get(parsed.data.paymentIntentId);
    if (!intent || intent.invoiceId !== item.id)
      return json({ message: BILLING_ERRORS.paymentNotFound }, 404);
    if (!intent.paid) return json({ message: BILLING_ERRORS.notSucceeded }, 409);
    return save(
      settle({
        ...item,
        payments: [
          ...item.payments,
          {
            id: nextId(),
            method: 'card',
            amountCents: intent.amountCents,
            refundedCents: 0,
            cardLast4: intent.last4,
            reference: null,
            online: true,
            paidAt: `${state.today}T12:00:00.000Z`,
            recordedByName: null,
          },
        ],
      }),
    );
  };

  const record = (item: Invoice, body: unknown) => {
    const parsed = RecordPaymentInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    if (parsed.data.amountCents > item.balanceCents)
      return json(
        {
          message: BILLING_ERRORS.amountOverBalance,
          fields: { amountCents: BILLING_ERRORS.amountOverBalance },
        },
        400,
      );
    return save(
      settle({
        ...item,
        payments: [
          ...item.payments,
          {
            id: nextId(),
            method: parsed.data.method,
            amountCents: parsed.data.amountCents,
            refundedCents: 0,
            cardLast4: null,
            reference: parsed.data.reference ?? null,
            online: false,
            paidAt: `${state.today}T12:00:00.000Z`,
            recordedByName: 'Sam Ortiz',
          },
        ],
      }),
    );
  };

  const refund = (item: Invoice, paymentId: string, body: unknown) => {
    const parsed = RefundPaymentInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const payment = item.payments.find((candidate) => candidate.id === paymentId);
    if (!payment) return json({ message: BILLING_ERRORS.paymentNotFound }, 404);
    const left = payment.amountCents - payment.refundedCents;
    const amount = parsed.data.amountCents ?? left;
    if (amount > left)
      return json(
        { message: BILLING_ERRORS.refundTooLarge, fields: { amountCents: BILLING_ERRORS.refundTooLarge } },
        400,
      );
    const payments = item.payments.map((candidate) =>
      candidate.id === paymentId
        ? { ...candidate, refundedCents: candidate.refundedCents + amount }
        : candidate,
    );
    return save(settle({ ...item, status: 'sent', payments }));
  };

  const route = ({
    method,
    pathname,
    searchParams,
    body,
  }: {
    method: string;
    pathname: string;
    searchParams: URLSearchParams;
    body: unknown;
  }) => {
    if (pathname === '/api/payments/config' && method === 'GET')
      return json({ provider: 'test', publishableKey: null });
    if (pathname === '/api/payments/test/confirm-card' && method === 'POST') return confirmCard(body);
    if (pathname === '/api/service-types' && method === 'GET') return json(state.services);
    if (pathname === '/api/billing/settings') {
      if (method === 'GET') return json({ settings: state.settings });
      const parsed = BillingSettingsSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      state.settings = parsed.data;
      return json({ settings: state.settings });
    }
    if (pathname === '/api/billing/policy' && method === 'GET') return json({ policy: state.policy });
    if (pathname.startsWith('/api/billing/statements')) {
      if (!state.policy.sessionBilling) return json({ message: 'Session billing is off' }, 409);
      if (!state.statement) return json({ message: 'Patient not found' }, 404);
      const period = {
        from: searchParams.get('from') ?? state.statement.from,
        to: searchParams.get('to') ?? state.statement.to,
      };
      return json({ statement: { ...state.statement, ...period } });
    }
    if (pathname === '/api/invoices' && method === 'GET') return list(searchParams);
    if (pathname === '/api/invoices' && method === 'POST') return create(body);
    if (pathname === '/api/invoices/billable' && method === 'GET')
      return json({ appointments: state.billable[searchParams.get('patientId') ?? ''] ?? [] });
    const [, , , id, action, paymentId, paymentAction] = pathname.split('/');
    const item = find(id);
    if (!item) return json({ message: BILLING_ERRORS.notFound }, 404);
    if (!action && method === 'GET') return json({ invoice: item });
    if (!action && method === 'PATCH') return update(item, body);
    if (!action && method === 'DELETE') {
      state.invoices = state.invoices.filter((candidate) => candidate.id !== item.id);
      return new Response(null, { status: 204 });
    }
    if (action === 'pdf' || paymentAction === 'receipt')
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    if (action === 'send' && method === 'POST') {
      numbers += 1;
      return save(
        settle({ ...item, status: 'sent', number: formatInvoiceNumber(numbers), issueDate: state.today }),
      );
    }
    if (action === 'void' && method === 'POST') {
      const parsed = VoidInvoiceInputSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      if (item.paidCents > 0) return json({ message: BILLING_ERRORS.notVoidable }, 409);
      return save({
        ...item,
        status: 'void',
        voidReason: parsed.data.reason,
        voidedAt: `${state.today}T12:00:00.000Z`,
      });
    }
    if (action === 'pay' && method === 'POST' && paymentId === 'confirm') return confirm(item, body);
    if (action === 'pay' && method === 'POST') return pay(item);
    if (action === 'payments' && method === 'POST' && paymentAction === 'refund')
      return refund(item, paymentId, body);
    if (action === 'payments' && method === 'POST' && !paymentId) return record(item, body);
    return json({ message: 'Not found' }, 404);
  };

  const handle = ({ method, url, body }: Call): Response | undefined => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const ours = ['/api/invoices', '/api/billing', '/api/payments', '/api/service-types'];
    if (!ours.some((prefix) => pathname.startsWith(prefix))) return undefined;
    calls.push({ method, url, body });
    return route({ method, pathname, searchParams, body });
  };

  return { state, calls, handle };
}
