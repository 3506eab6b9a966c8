// Every write the clinic acknowledged during the load run (the ids its 2xx answers returned), and what state
// each should be in; read back from the database at the end. "No lost data" means none is missing.

type Expectation = { table: string; status?: string[] };

export class Ledger {
  /** message id → recipient id */
  readonly messages = new Map<string, string>();
  /** id → table and the statuses it may now have (none: any) */
  readonly writes = new Map<string, Expectation>();
  /** Exceptions in the bench's own code (a shape it did not expect): a run with any is not a proof. */
  readonly benchFaults: string[] = [];

  expect(table: string, id: string, status?: string[]) {
    this.writes.set(id, { table, status });
  }

  get size() {
    return this.messages.size + this.writes.size;
  }

  /** Per table, how many acknowledged writes are missing or in the wrong state. */
  async verify(query: (text: string, params: unknown[]) => Promise<Array<{ id: string; status: string }>>) {
    const byTable = new Map<string, string[]>();
    for (const [id, expectation] of this.writes) {
      byTable.set(expectation.table, [...(byTable.get(expectation.table) ?? []), id]);
    }
    byTable.set('messages', [...this.messages.keys()]);
    const report: Array<{ table: string; acknowledged: number; missing: number; wrongState: number }> = [];
    const problems: string[] = [];
    for (const [table, ids] of byTable) {
      if (ids.length === 0) continue;
      const statusColumn = table === 'messages' ? `'-'` : 'status';
      const rows = await query(
        `select id::text as id, ${statusColumn}::text as status from ${table} where id = any($1::uuid[])`,
        [ids],
      );
      const found = new Map(rows.map((row) => [row.id, row.status]));
      let missing = 0;
      let wrongState = 0;
      for (const id of ids) {
        const status = found.get(id);
        const wanted = this.writes.get(id)?.status;
        if (status === undefined) {
          missing++;
          if (problems.length < 20) problems.push(`${table} ${id} is not in the database`);
        } else if (wanted && !wanted.includes(status)) {
          wrongState++;
          if (problems.length < 20)
            problems.push(`${table} ${id} is ${status}, expected ${wanted.join(' or ')}`);
        }
      }
      report.push({ table, acknowledged: ids.length, missing, wrongState });
    }
    return { report, problems };
  }
}
