import path from 'node:path';
import workerThreads from 'node:worker_threads';
import NodeEnvironment from 'jest-environment-node';

/**
 * Jest's Node environment, failing a test file that leaves a worker thread running (a recap chart's,
 * the embedded database's, the schema engine's). The test process waits for such a thread at exit,
 * which can outlast the 0.5 s jest gives a worker to end; jest then kills it and prints only that a
 * worker "failed to exit gracefully", naming no file.
 */

/** The threads started while the current test file runs, with the script each runs; a process runs one file at a time. */
let startedInFile: Map<workerThreads.Worker, string> | null = null;

/** Set on the module once its Worker is wrapped: setup runs for every file, the wrapping once a process. */
const WRAPPED = Symbol.for('rollcall.test.threadGuard');

function wrapWorker(): void {
  const module = workerThreads as typeof workerThreads & { [WRAPPED]?: true };
  if (module[WRAPPED] === true) return;
  const Original = module.Worker;
  class Watched extends Original {
    constructor(...args: ConstructorParameters<typeof Original>) {
      super(...args);
      const threads = startedInFile;
      if (threads === null) return;
      threads.set(this, path.relative(process.cwd(), String(args[0])));
      this.once('exit', () => threads.delete(this));
    }
  }
  module.Worker = Watched;
  module[WRAPPED] = true;
}

export default class ThreadGuardEnvironment extends NodeEnvironment {
  private readonly threads = new Map<workerThreads.Worker, string>();

  override async setup(): Promise<void> {
    wrapWorker();
    startedInFile = this.threads;
    await super.setup();
  }

  override async teardown(): Promise<void> {
    startedInFile = null;
    await super.teardown();
    const running = [...this.threads.values()];
    if (running.length > 0) {
      throw new Error(
        `${running.length} worker thread(s) this file started still run after it: ${running.join(', ')}. ` +
          'Stop each in an afterAll (a chart renderer from test/support/chart-renderers.ts closes itself).',
      );
    }
  }
}
