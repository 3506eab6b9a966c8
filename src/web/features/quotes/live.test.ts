import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateQuotes, isQuotesChanged } from './live';

describe('quote pushes', () => {
  it('knows a quotes_changed push and nothing else', () => {
    expect(isQuotesChanged({ type: 'quotes_changed', quoteId: 'q1' })).toBe(true);
    expect(isQuotesChanged({ type: 'orders_changed', orderId: 'o1' })).toBe(false);
    expect(isQuotesChanged(null)).toBe(false);
    expect(isQuotesChanged('quotes_changed')).toBe(false);
  });

  it("makes the member's and the clinic's quote lists ask again, and leaves other queries be", async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/quotes'], { quotes: [] });
    client.setQueryData(['/api/quotes', 'q1'], { quote: null });
    client.setQueryData(['/api/admin/quotes', { status: 'requested' }], { quotes: [] });
    client.setQueryData(['/api/orders'], { orders: [] });
    await invalidateQuotes(client);
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['/api/quotes'])).toBe(true);
    expect(stale(['/api/quotes', 'q1'])).toBe(true);
    expect(stale(['/api/admin/quotes', { status: 'requested' }])).toBe(true);
    expect(stale(['/api/orders'])).toBe(false);
  });
});
