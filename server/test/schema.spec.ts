import { describeEachDb } from './harness';

describeEachDb('schema', (ctx) => {
  it('has no drift between the entities and the migrations', async () => {
    const sql = await ctx.t.dataSource.driver.createSchemaBuilder().log();
    const queries = sql.upQueries.map((q) => q.query);
    // SQLite's INTEGER PRIMARY KEY is already a 64-bit rowid and SQLite rejects "bigint ...
    // AUTOINCREMENT", so access_logs.id is INTEGER there and BIGINT on MySQL; TypeORM can only
    // declare one, and proposes rebuilding that one table on SQLite. Nothing else may differ.
    const rest = ctx.db === 'sqlite' ? queries.filter((q) => !/access_logs/.test(q)) : queries;
    expect(rest).toEqual([]);
    if (ctx.db === 'sqlite') {
      const rebuild = queries.filter((q) => q.startsWith('CREATE TABLE'));
      expect(rebuild.every((q) => /"id" (integer|bigint) PRIMARY KEY AUTOINCREMENT/.test(q))).toBe(
        true,
      );
      expect(rebuild).toHaveLength(2);
    }
  });

  it('has no pending migration after start-up', async () => {
    expect(await ctx.t.dataSource.showMigrations()).toBe(false);
  });

  it('creates all 60 tables', async () => {
    const tables = ctx.t.dataSource.entityMetadatas.map((m) => m.tableName).sort();
    const runner = ctx.t.dataSource.createQueryRunner();
    try {
      for (const table of tables) expect(await runner.hasTable(table)).toBe(true);
    } finally {
      await runner.release();
    }
    expect(tables).toHaveLength(60);
  });
});
