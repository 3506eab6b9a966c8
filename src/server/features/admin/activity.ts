import {
  ACTIVITY_EXPORT_MAX,
  type ActivityEntry,
  type ActivityFilters,
  type ActivityPage,
  type ListActivityParams,
} from '../../../shared/admin';
import { type CsvValue, csvOf } from '../../../shared/csv';
import { recordActivity } from '../../platform/activity';
import { clinicDayStart } from '../../platform/clinic-time';
import type { AppContext, RequestMeta } from '../../platform/context';
import type { SessionUser } from '../../platform/sessions';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db'>;

function queryOf(filters: ActivityFilters) {
  return {
    actor: filters.actor || undefined,
    action: filters.action || undefined,
    entityType: filters.entityType,
    from: filters.from ? clinicDayStart(filters.from) : undefined,
    to: filters.to ? clinicDayStart(filters.to, 1) : undefined,
  };
}

export function toEntry(row: repository.ActivityRow): ActivityEntry {
  return {
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorName: row.actorFirstName === null ? null : `${row.actorFirstName} ${row.actorLastName}`.trim(),
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    outcome: row.outcome,
    ipAddress: row.ipAddress,
    details: row.details,
  };
}

export async function listActivity(ctx: Ctx, query: ListActivityParams): Promise<ActivityPage> {
  const rows = await repository.listActivity(ctx.db, {
    ...queryOf(query),
    beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toEntry),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1].id) : null,
  };
}

const CSV_COLUMNS = [
  'Time',
  'Actor',
  'Actor id',
  'Action',
  'Entity type',
  'Entity id',
  'Outcome',
  'Address',
  'Details',
];

/** The filtered log as CSV, newest first, at most ACTIVITY_EXPORT_MAX rows; the export itself is logged. */
export async function exportActivity(
  ctx: Ctx,
  caller: SessionUser,
  { filters, meta }: { filters: ActivityFilters; meta: RequestMeta },
) {
  const rows = await repository.listActivity(ctx.db, { ...queryOf(filters), limit: ACTIVITY_EXPORT_MAX });
  const lines: CsvValue[][] = [CSV_COLUMNS];
  for (const entry of rows.map(toEntry)) {
    lines.push([
      entry.createdAt,
      entry.actorName,
      entry.actorId,
      entry.action,
      entry.entityType,
      entry.entityId,
      entry.outcome,
      entry.ipAddress,
      entry.details ? JSON.stringify(entry.details) : null,
    ]);
  }
  await recordActivity(ctx.db, {
    actorId: caller.id,
    action: 'activity.exported',
    entityType: 'activity_log',
    ipAddress: meta.ipAddress,
    details: { count: rows.length },
  });
  return csvOf(lines);
}
