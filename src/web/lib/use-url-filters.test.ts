import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readUrlFilters, useUrlFilters } from './use-url-filters';

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

describe('useUrlFilters', () => {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(MemoryRouter, { initialEntries: ['/list?search=ann&other=3'] }, children);
  const mount = () =>
    renderHook(() => ({ filters: useUrlFilters(KEYS, Schema), location: useLocation() }), { wrapper });

  it('keeps both of two changes made before the list renders again', () => {
    const { result } = mount();
    const change = result.current.filters[1];
    act(() => {
      change({ status: 'open' });
      change({ from: '2026-01-02' });
    });
    const params = new URLSearchParams(result.current.location.search);
    expect(params.get('status')).toBe('open');
    expect(params.get('from')).toBe('2026-01-02');
    expect(result.current.filters[0]).toMatchObject({ status: 'open', from: '2026-01-02' });
  });

  it('removes a key whose value is emptied and keeps keys it does not own', () => {
    const { result } = mount();
    act(() => result.current.filters[1]({ search: '  ' }));
    expect(result.current.location.search).toBe('?other=3');
    expect(result.current.filters[0].search).toBe('');
  });
});
