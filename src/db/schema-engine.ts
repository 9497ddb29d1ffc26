import type {
  ApplyMigrationsInput,
  ApplyMigrationsOutput,
  DiagnoseMigrationHistoryInput,
  DiagnoseMigrationHistoryOutput,
  DiffParams,
  DiffResult,
} from '@prisma/schema-engine-wasm/schema_engine_bg';
import { startWorker } from './worker-thread';

export type EngineCall =
  | { method: 'applyMigrations'; input: ApplyMigrationsInput }
  | { method: 'diagnoseMigrationHistory'; input: DiagnoseMigrationHistoryInput }
  | { method: 'diff'; input: DiffParams };

interface EngineOutputs {
  applyMigrations: ApplyMigrationsOutput;
  diagnoseMigrationHistory: DiagnoseMigrationHistoryOutput;
  diff: DiffResult;
}

export interface SchemaFile {
  path: string;
  content: string;
}

/** What schema-engine-worker.ts receives. */
export interface EngineJob {
  url: string;
  schema: SchemaFile;
  call: EngineCall;
}

export type EngineReply = { ok: true; value: unknown } | { ok: false; message: string };

/** The schema engine refused or failed; the message is the engine's own first line. */
export class SchemaEngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaEngineError';
  }
}

/**
 * Runs one schema-engine call against the database at `url`, in a worker thread (the engine's glue
 * is an ES module). The worker also gives the engine's wasm memory back when it ends.
 */
export function callSchemaEngine<C extends EngineCall>(url: string, schema: SchemaFile, call: C): Promise<EngineOutputs[C['method']]> {
  const job: EngineJob = { url, schema, call };
  const worker = startWorker('schema-engine-worker', job);
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once('message', (reply: EngineReply) => {
      settled = true;
      const answer = () => {
        if (reply.ok) resolve(reply.value as EngineOutputs[C['method']]);
        else reject(new SchemaEngineError(summarizeEngineError(reply.message)));
      };
      // The worker has ended its pool by now; timers the engine left behind must not keep it alive.
      // The call ends with the thread, its memory given back: a process that exits next need not wait for it.
      worker.terminate().then(answer, answer);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(new SchemaEngineError(`the schema engine crashed: ${error.message}`));
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new SchemaEngineError(`the schema engine stopped without an answer (exit code ${code})`));
    });
  });
}

/**
 * Engine errors carry a Rust backtrace and often a generic first line; people need the cause, and
 * for a failed migration, which one.
 */
function summarizeEngineError(message: string): string {
  const lines = message.split('\n').map((line) => line.trim());
  const cause = lines.find((line) => line !== '' && line !== 'external connector error' && !/^\d+: /.test(line)) ?? message.trim();
  const migration = /with migration_name="([^"]+)"/.exec(message)?.[1];
  return migration === undefined ? cause : `migration ${migration} failed: ${cause}`;
}
