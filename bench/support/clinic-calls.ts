// What several benches do to a running clinic before they measure: post JSON, run tasks a few at a time, and
// register patients who then hold sockets or receive messages.

export type JsonAnswer = { status: number; body: Record<string, unknown> };

export async function postJson(
  origin: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<JsonAnswer> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Runs `task` over `items` with at most `limit` in flight; the results keep the items' order. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index], index);
      }
    }),
  );
  return results;
}

export type RegisteredPatient = { id: string; token: string };

/**
 * Registers `count` patients as a clinic's would (four at a time), e-mails `<prefix>-<i>@bench.clinic`, and
 * answers each one's id and session token. The server must allow that many sign-ups (AUTH_RATE_LIMIT).
 */
export function registerPatients(
  origin: string,
  count: number,
  prefix: string,
): Promise<RegisteredPatient[]> {
  return inBatches(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      const registered = await postJson(origin, '/api/auth/register', {
        email: `${prefix}-${i}@bench.clinic`,
        password: 'BenchPassword!1',
        firstName: 'Bench',
        lastName: `Patient ${i}`,
      });
      if (registered.status !== 201 && registered.status !== 200)
        throw new Error(`register answered ${registered.status}`);
      return { id: (registered.body.user as { id: string }).id, token: String(registered.body.token) };
    },
  );
}
