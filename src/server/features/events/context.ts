import type { Db, Tx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repository from './repository';

export type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'events'>;

export const conflict = (message: string) => new AppError('CONFLICT', message);
export const HOUR = 3_600_000;

export async function present(db: Db | Tx, row: repository.EventRow, userId: string | null) {
  const counts = (await repository.countsOf(db, [row.id])).get(row.id)!;
  const mine = userId ? await repository.activeRegistration(db, row.id, userId) : null;
  return repository.toEvent(
    row,
    counts,
    mine ? repository.toMyRegistration(mine, await repository.waitlistPosition(db, mine)) : null,
  );
}

export function publish(ctx: Ctx, eventId: string, userIds: string[]) {
  ctx.events.publish('community-event.changed', { eventId, userIds });
}
