import type { AdminOverview } from '../../../shared/admin';
import { ROLES } from '../../../shared/roles';
import { clinicDayOf } from '../../platform/clinic-time';
import type { AppContext } from '../../platform/context';
import { paymentsThisMonth } from '../payments/summary';
import { toEntry } from './activity';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'database' | 'bus' | 'mailer' | 'config'>;

const LATEST_ENTRIES = 5;

/** The admin panel's first page: people by role, today's activity, this month's payments, system health. */
export async function getOverview(ctx: Ctx, now = new Date()): Promise<AdminOverview> {
  const today = clinicDayOf(now);
  const [counts, activity, latest, payments, databaseUp, busUp, jobs, failedEmails] = await Promise.all([
    repository.countPeopleByRole(ctx.db),
    repository.countActivity(ctx.db, today.from, today.to),
    repository.listActivity(ctx.db, { from: today.from, to: today.to, limit: LATEST_ENTRIES }),
    paymentsThisMonth(ctx.db, now),
    ctx.database.ping(),
    ctx.bus.ping().catch(() => false),
    repository.jobCounts(ctx.db, now),
    repository.countFailedEmails(ctx.db, today.from),
  ]);
  const count = (role: string, isActive: boolean) =>
    counts.find((row) => row.role === role && row.isActive === isActive)?.count ?? 0;
  return {
    people: ROLES.map((role) => ({ role, active: count(role, true), inactive: count(role, false) })),
    today: { day: today.day, timeZone: today.timeZone, ...activity, latest: latest.map(toEntry) },
    paymentsThisMonth: payments,
    health: {
      database: databaseUp ? 'ok' : 'down',
      bus: { status: busUp ? 'ok' : 'down', kind: ctx.bus.kind },
      jobs,
      email: { mode: ctx.mailer.mode, failedToday: failedEmails },
      payments: { provider: ctx.config.stripe ? 'stripe' : 'test' },
      version: ctx.config.version,
    },
  };
}
