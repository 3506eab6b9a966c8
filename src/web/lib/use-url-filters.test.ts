import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readUrlFilters } from './use-url-filters';

const KEYS = ['status', 'from', 'to', 'search'] as const;
const Schema = z
  .strictObject({
    status: z.enum(['open', 'closed']).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    search: z.string().max(5).optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ['to'] });

const read = (query: string) => readUrlFilters(new URLSearchParams(query), KEYS, Schema);

describe('readUrlFilters', () => {
  it('reads every key, trimmed, with absent keys empty', () => {
    expect(read('status=open&search=%20ann%20&other=1')).toEqual({
      status: 'open',
      from: '',
      to: '',
      search: 'ann',
    });
  });

  it('leaves out only the values the schema refuses', () => {
    expect(read('status=lost&from=2026-01-02&search=toolongvalue')).toEqual({
      status: '',
      from: '2026-01-02',
      to: '',
      search: '',
    });
  });

  it('finds a reversed range once the fields read well, and drops its end', () => {
    expect(read('status=nope&from=2026-03-01&to=2026-02-01')).toEqual({
      status: '',
      from: '2026-03-01',
      to: '',
      search: '',
    });
  });
});
