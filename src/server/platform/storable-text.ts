import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const UNSTORABLE_TEXT = 'Text cannot contain a NUL character or a broken Unicode character';

/** PostgreSQL text holds no NUL, and a lone surrogate would be stored as U+FFFD: altered, not kept. */
const isStorable = (text: string) => !text.includes('\u0000') && !/\p{Surrogate}/u.test(text);

/** The path of the first string, key or value, that cannot be stored; walked without recursion (deep bodies). */
function firstUnstorable(value: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[value, '_']];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!isStorable(current)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path === '_' ? key : `${path}.${key}`;
        if (!isStorable(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/** Nothing to walk: most reads carry no body, no query and no path parameter. */
const isEmpty = (part: unknown) =>
  part === undefined || part === null || (typeof part === 'object' && Object.keys(part).length === 0);

/** Refuses with a 400, before validation, any request whose body, query or path carries such text. */
export function refuseUnstorableText(app: FastifyInstance) {
  // A callback hook: every request passes here, and an async one would cost a promise each time.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      if (isEmpty(part)) continue;
      const path = firstUnstorable(part);
      if (path) return done(badRequest(UNSTORABLE_TEXT, { [path]: UNSTORABLE_TEXT }));
    }
    done();
  });
}
