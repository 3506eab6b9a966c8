import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { Sweeper, sweepWhileListening } from '../../platform/sweeper';
import type { Payments } from '../payments/service';
import { adminEventRoutes } from './admin/routes';
import { memberEventRoutes } from './member/routes';
import { settleRegistration } from './member/service';
import { sweep } from './service';

/** How often a listening instance ends lapsed offers and payment holds and passes their seats on. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Community events. Members see upcoming events and register, cancel, accept an offered seat and pay; admins
 * see every event and manage them (create, edit, cancel, attendees, export, check-in). Visitors get 401,
 * other roles 403.
 */
export function eventRoutes(ctx: AppContext, payments: Payments) {
  payments.onSucceeded((intent) => settleRegistration(ctx, { payments, intent }));
  return async (fastify: FastifyInstance) => {
    sweepWhileListening(
      fastify,
      new Sweeper('event sweep', () => sweep(ctx), { intervalMs: SWEEP_EVERY_MS, log: ctx.log }),
    );
    await fastify.register(memberEventRoutes(ctx, payments));
    await fastify.register(adminEventRoutes(ctx, payments));
  };
}
