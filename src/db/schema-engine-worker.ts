// Runs one call on Prisma's WebAssembly schema engine, in a worker thread started by
// schema-engine.ts, and posts back its result. The loading steps mirror Prisma's own
// WasmSchemaEngineLoader: compile the sibling .wasm file, bind the generated glue to it, start it.
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as runtime from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { EngineJob, EngineReply } from './schema-engine';
import { compileWasmFile, Wasm } from './wasm-file';

const CONNECT_TIMEOUT_MS = 10_000;

function startEngineRuntime(): void {
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const module = compileWasmFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
  const instance = new Wasm.Instance(module, { './schema_engine_bg.js': runtime });
  runtime.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
}

async function run(job: EngineJob): Promise<unknown> {
  startEngineRuntime();
  // An explicit pool, so it can be ended here: the engine's free() leaves connections open, and a
  // lingering one would block DROP or CREATE DATABASE ... TEMPLATE on that database.
  const pool = new pg.Pool({ connectionString: job.url, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
    // The engine's tracing output is not needed: errors come back as rejected promises.
    const engine = await runtime.SchemaEngine.new({ datamodels: [[job.schema.path, job.schema.content]] }, () => undefined, adapter);
    try {
      // Methods are called on the engine object itself: a detached method loses its wasm binding.
      switch (job.call.method) {
        case 'applyMigrations':
          return await engine.applyMigrations(job.call.input);
        case 'diagnoseMigrationHistory':
          return await engine.diagnoseMigrationHistory(job.call.input);
        case 'diff':
          return await engine.diff(job.call.input);
      }
    } finally {
      engine.free();
    }
  } finally {
    await pool.end();
  }
}

function reply(message: EngineReply): void {
  parentPort?.postMessage(message);
}

run(workerData as EngineJob).then(
  (value) => reply({ ok: true, value }),
  (error: unknown) => reply({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
