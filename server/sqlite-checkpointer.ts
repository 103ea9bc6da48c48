// The SQLite file's write-ahead log is copied back into the database by a thread of its own
// (docs/decisions/0058). node:sqlite runs every statement on the server's one JavaScript thread; left to
// itself, SQLite checkpoints inside the commit that fills the log past 1,000 pages, and that commit then
// copies the pages and waits for the disk (fsync) while every request waits with it: tens of
// milliseconds every few dozen deposits. Here a worker thread, with its own connection to the same
// file, runs a PASSIVE checkpoint (it never blocks a writer or a reader) a few times a second; the
// server's own connection checkpoints only as a backstop, once the log is far longer, and then finds
// almost everything already copied.
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints. */
const INTERVAL_MS = 100;
/** The server's own connection checkpoints once the log holds this many pages (SQLite's default: 1,000). */
export const BACKSTOP_PAGES = 20_000;

// A CommonJS script (an eval'd worker's kind): no file to find, the same under every loader.
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const run = () => {
  try {
    checkpoint.get();
  } catch {
    // A busy or locked moment: the next round copies what this one could not.
  }
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection (before the server's own connection closes). */
  stop(): Promise<void>;
}

/** Starts checkpointing the database file at `path` (in WAL mode) from a worker thread. */
export function startCheckpointer(path: string): Checkpointer {
  const worker = new Worker(SCRIPT, { eval: true, workerData: { path, intervalMs: INTERVAL_MS } });
  // The thread never keeps the process alive, and its failure is not the server's: the backstop stays.
  worker.unref();
  worker.on('error', () => {});
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= new Promise<void>((done) => {
        // Held alive until it has closed its connection, so that a closing process waits for it.
        worker.ref();
        worker.once('exit', () => done());
        worker.postMessage('stop');
        // A worker that does not close its connection in time is ended.
        setTimeout(() => void worker.terminate(), 5000).unref();
      });
      return stopped;
    },
  };
}
