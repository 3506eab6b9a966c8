import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export type UrlFilters<K extends string> = Record<K, string>;

/**
 * A list's filters read from the address: each key's trimmed value, with any value the server's own query
 * schema would refuse left out (read twice, so that a rule over two fields, such as a reversed day range, is
 * found once every field reads well). A `from` day after its `to` day drops `to`.
 */
export function readUrlFilters<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
  schema: z.ZodType,
): UrlFilters<K> {
  const filters = Object.fromEntries(
    keys.map((key) => [key, params.get(key)?.trim() ?? '']),
  ) as UrlFilters<K>;
  for (let pass = 0; pass < 2; pass += 1) {
    const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
    const parsed = schema.safeParse(given);
    if (parsed.success) break;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key in filters) filters[key as K] = '';
    }
  }
  const range = filters as Partial<Record<string, string>>;
  if (range.from && range.to && range.from > range.to) filters['to' as K] = '';
  return filters;
}

/**
 * A list's filters kept in the address (so a filtered list can be linked, reloaded and walked back to), and
 * the change that writes some of them: an empty value removes its key; the address is replaced, not pushed.
 * With `pageKey`, any other change starts the list again at its first page.
 *
 * Each change starts from the address the last change wrote, not from the one last rendered: the router's
 * own functional update reads the rendered address, so two changes made before the list renders again (a
 * debounced search settling just after a select) would otherwise drop the first.
 */
export function useUrlFilters<K extends string>(
  keys: readonly K[],
  schema: z.ZodType,
  options: { pageKey?: K } = {},
) {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const filters = readUrlFilters(params, keys, schema);
  const { pageKey } = options;
  const change = useCallback(
    (changes: Partial<UrlFilters<K>>) => {
      const next = new URLSearchParams(latest.current);
      if (pageKey && !(pageKey in changes)) next.delete(pageKey);
      for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
        if (value?.trim()) next.set(key, value.trim());
        else next.delete(key);
      }
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams, pageKey],
  );
  return [filters, change] as const;
}
