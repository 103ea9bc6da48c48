// A server process on a test's database, for the tests that kill one (tests/server/money-faults.test.ts):
// SERVE_DB is a PostgreSQL URL or a SQLite file, SERVE_CONFIG the configuration's JSON; it prints
// "listening <address>" once it answers. SERVE_NOW freezes its clock at the test's time.
import { buildApp } from '../../server/app.ts';

const db = process.env['SERVE_DB'] ?? '';
const app = await buildApp({
  ...(db.startsWith('postgres') ? { databaseUrl: db } : { dbPath: db }),
  config: JSON.parse(process.env['SERVE_CONFIG'] ?? '{}') as object,
  ...(process.env['SERVE_NOW'] ? { now: () => new Date(process.env['SERVE_NOW'] ?? '') } : {}),
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
