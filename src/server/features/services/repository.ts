import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { serviceTypes } from '../../db/schema';

export type ServiceTypeRow = typeof serviceTypes.$inferSelect;
export type NewServiceTypeRow = typeof serviceTypes.$inferInsert;

export function listServiceTypes(db: Db | Tx, options: { includeInactive: boolean }) {
  const query = db.select().from(serviceTypes);
  return (options.includeInactive ? query : query.where(eq(serviceTypes.active, true))).orderBy(
    asc(sql`lower(${serviceTypes.name})`),
    asc(serviceTypes.id),
  );
}

export async function findServiceType(db: Db | Tx, id: string) {
  const [row] = await db.select().from(serviceTypes).where(eq(serviceTypes.id, id)).limit(1);
  return row ?? null;
}

export async function insertServiceType(db: Db | Tx, values: NewServiceTypeRow) {
  const [row] = await db.insert(serviceTypes).values(values).returning();
  return row!;
}

export async function updateServiceType(db: Db | Tx, id: string, values: Partial<NewServiceTypeRow>) {
  const [row] = await db
    .update(serviceTypes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(serviceTypes.id, id))
    .returning();
  return row ?? null;
}
