/** What public/early-start.js leaves for the app: the answers it started, for which token, and when. */
type EarlyRequests = {
  token: string;
  startedAt: number;
  responses: Record<string, Promise<Response> | undefined>;
};

declare global {
  interface Window {
    __clinicEarlyRequests?: EarlyRequests;
  }
}

/** An early answer older than this is not used: the app asks again. */
export const EARLY_ANSWER_FRESH_MS = 10_000;

/**
 * The answer public/early-start.js started for a GET of this path, handed out once, and only when it was asked
 * with the token the app holds now and a few seconds ago at most; otherwise undefined, and the app fetches.
 */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | undefined {
  const early = window.__clinicEarlyRequests;
  const response = early?.responses[path];
  if (!early || !response) return undefined;
  early.responses[path] = undefined;
  if (early.token !== token || Date.now() - early.startedAt > EARLY_ANSWER_FRESH_MS) return undefined;
  return response;
}
