import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { SOCKET_CLOSE } from '../../../shared/realtime';
import { AppError } from '../../platform/errors';

/**
 * The first steps of every frame a browser sends on a socket that takes frames (messaging, a call): the
 * session must still stand, or the socket closes as unauthenticated; the frame must be JSON the channel's
 * schema accepts, or the browser is told why (`refuse`, with the frame as far as it could be read). Answers
 * the event, or undefined once the frame has been dealt with.
 */
export async function readFrame<S extends z.ZodType>(
  raw: string,
  {
    socket,
    sessionStands,
    schema,
    refuse,
  }: {
    socket: WebSocket;
    sessionStands: () => Promise<unknown>;
    schema: S;
    refuse: (message: string, json: unknown) => void;
  },
): Promise<z.infer<S> | undefined> {
  try {
    await sessionStands();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'UNAUTHENTICATED') throw error;
    socket.close(SOCKET_CLOSE.unauthenticated, error.message);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    refuse('Invalid event: not JSON', undefined);
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    refuse(`Invalid event: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`, json);
    return undefined;
  }
  return parsed.data;
}
