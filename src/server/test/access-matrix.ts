import type { InjectOptions } from 'fastify';
import type { Role } from '../../shared/roles';
import type { TestApp } from './app';

/**
 * The vocabulary of the access-matrix tests: who calls (every role and a visitor) and on what (the caller's
 * own record, someone else's, one that does not exist), and the expected status of each pair.
 */
export type Caller = Role | 'visitor';
export type Target = 'own' | 'other' | 'missing';
export const CALLERS: readonly Caller[] = ['visitor', 'patient', 'practitioner', 'staff', 'admin', 'member'];
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Per caller: one status for a collection route, or one per target for a record route. */
export type Expected = Record<Caller, number | Record<Target, number>>;

/** The same status for every caller, visitors included (public routes). */
export const everyone = (status: number): Expected => ({
  visitor: status,
  patient: status,
  practitioner: status,
  staff: status,
  admin: status,
  member: status,
});

/** Every role alike; a visitor is asked to sign in. */
export const signedIn = (status: number): Expected => ({ ...everyone(status), visitor: 401 });

/** Admins only: other roles 403, a visitor 401. */
export const adminsOnly = (status: number): Expected => ({ ...everyone(403), visitor: 401, admin: status });

export const everywhere = (status: number): Record<Target, number> => ({
  own: status,
  other: status,
  missing: 404,
});
export const nowhere: Record<Target, number> = { own: 404, other: 404, missing: 404 };
export const ownOnly = (status: number): Record<Target, number> => ({
  own: status,
  other: 404,
  missing: 404,
});

/** Every (row, caller, target) with its expected status, for `it.each`. */
export function matrixCases<Row extends { expect: Expected }>(matrix: readonly Row[]) {
  return matrix.flatMap((row) =>
    CALLERS.flatMap((caller) => {
      const expected = row.expect[caller];
      if (typeof expected === 'number')
        return [{ row, caller, target: null as Target | null, status: expected }];
      return (Object.keys(expected) as Target[]).map((target) => ({
        row,
        caller,
        target: target as Target | null,
        status: expected[target],
      }));
    }),
  );
}

/** "METHOD /url" of every route the app serves under a prefix, sorted, to compare with a matrix. */
export function servedRoutes(routes: ReadonlyArray<{ method: string; url: string }>, prefix: string) {
  return routes
    .filter((route) => route.url.startsWith(prefix))
    .map((route) => `${route.method} ${route.url}`)
    .sort();
}

export const matrixRoutes = (matrix: ReadonlyArray<{ method: string; route: string }>) =>
  matrix.map((row) => `${row.method} ${row.route}`).sort();

/** The `it.each` table of a matrix's cases: route, caller, target and status for the title, then the case. */
export const matrixTable = <
  C extends { row: { method: string; route: string }; caller: Caller; target: Target | null; status: number },
>(
  cases: readonly C[],
) => cases.map((c) => [`${c.row.method} ${c.row.route}`, c.caller, c.target ?? '-', c.status, c] as const);

/** A row's request, sent as the caller: its method, its address for the id, and its body when it has one. */
export function injectCase(
  t: Pick<TestApp, 'injectAs'>,
  caller: Caller,
  row: { method: string; url: (id: string) => string; body?: () => unknown },
  id: string,
) {
  const body = row.body?.();
  return t.injectAs(caller, {
    method: row.method as InjectOptions['method'],
    url: row.url(id),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}
