// The job table (docs/decisions/0049): one mechanism for every step that runs after a request has
// answered (posting, capture, void, refund, settling an authorization whose answer was lost, handing a
// notice to the mail server: docs/decisions/0053) and for the
// periodic runs (recurring deposits, the reconciler's sweep). A job is one row per kind and ref; a
// worker takes due rows by setting locked_until, with FOR UPDATE SKIP LOCKED on PostgreSQL so that
// instances never take the same row, and deletes the row when the step is done.
import { sql } from 'kysely';
import type { Engine, Executor } from '../db.ts';
import { runShaped } from './shapes.ts';

export const JOB_KINDS = ['settle', 'post', 'capture', 'void', 'refund', 'recurring', 'sweep', 'mail'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export interface Job {
  id: number;
  kind: JobKind;
  ref: string;
  run_at: string;
  attempts: number;
}

export function createJobRepo(db: Executor, engine: Engine) {
  return {
    /**
     * Adds a job, or moves an existing one of the same kind and ref to run at `runAt` (the earlier of
     * the two when `keepEarlier`). A job under way keeps its lock.
     */
    async schedule(kind: JobKind, ref: string, runAt: string, now: string, keepEarlier = false): Promise<void> {
      // Every checkout schedules one: compiled once (server/repo/shapes.ts).
      const values = { kind, ref, runAt, now };
      await runShaped(db, `jobs:schedule:${keepEarlier ? 'earlier' : 'later'}`, values, (value) =>
        db
          .insertInto('jobs')
          .values({ kind: value('kind'), ref: value('ref'), run_at: value('runAt'), created_at: value('now') })
          .onConflict((oc) =>
            oc.columns(['kind', 'ref']).doUpdateSet({
              run_at: keepEarlier
                ? sql<string>`CASE WHEN jobs.run_at < excluded.run_at THEN jobs.run_at ELSE excluded.run_at END`
                : sql<string>`excluded.run_at`,
            }),
          ),
      );
    },
    /** Removes a job whatever its lock: its step found nothing to do once the state moved. */
    async remove(kind: JobKind, ref: string): Promise<void> {
      await db.deleteFrom('jobs').where('kind', '=', kind).where('ref', '=', ref).execute();
    },
    async find(kind: JobKind, ref: string): Promise<Job | undefined> {
      const row = await db
        .selectFrom('jobs')
        .select(['id', 'kind', 'ref', 'run_at', 'attempts'])
        .where('kind', '=', kind)
        .where('ref', '=', ref)
        .executeTakeFirst();
      return row as Job | undefined;
    },
    /**
     * Takes up to `limit` due jobs for `leaseMs` (call inside a transaction): rows another worker holds
     * are skipped, and a lock whose lease ran out (its worker died) is taken over.
     */
    async take(now: string, leaseUntil: string, limit: number): Promise<Job[]> {
      let q = db
        .selectFrom('jobs')
        .select(['id', 'kind', 'ref', 'run_at', 'attempts'])
        .where('run_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('run_at')
        .limit(limit);
      if (engine === 'postgres') q = q.forUpdate().skipLocked();
      const rows = (await q.execute()) as Job[];
      if (rows.length === 0) return [];
      await db
        .updateTable('jobs')
        .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return rows.map((r) => ({ ...r, attempts: Number(r.attempts) + 1 }));
    },
    /** The step is done: the job goes, unless it was scheduled again meanwhile (a newer run_at). */
    async finish(job: Job): Promise<void> {
      await db.deleteFrom('jobs').where('id', '=', job.id).where('run_at', '=', job.run_at).execute();
      await db.updateTable('jobs').set({ locked_until: null }).where('id', '=', job.id).execute();
    },
    /** Runs the job again at `runAt` (a retry after a failure, or the next period of a periodic job). */
    async again(job: Job, runAt: string, error: string | null, resetAttempts = false): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ run_at: runAt, locked_until: null, last_error: error, ...(resetAttempts ? { attempts: 0 } : {}) })
        .where('id', '=', job.id)
        .execute();
    },
    /** Each kind's jobs, and how long its oldest due one has waited (seconds), for the operator's metrics. */
    async queues(now: string): Promise<{ queue: string; depth: number; oldestAgeSeconds: number }[]> {
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => [
          'kind',
          eb.fn.countAll<number>().as('depth'),
          eb.fn.min<string>(eb.case().when('run_at', '<=', now).then(eb.ref('run_at')).end()).as('oldest'),
        ])
        .groupBy('kind')
        .execute();
      const at = Date.parse(now);
      return rows.map((r) => ({
        queue: r.kind,
        depth: Number(r.depth),
        oldestAgeSeconds: r.oldest ? Math.max(0, (at - Date.parse(r.oldest)) / 1000) : 0,
      }));
    },
  };
}
