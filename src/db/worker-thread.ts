import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const extension = path.extname(__filename);
const projectRoot = path.resolve(__dirname, '..', '..');

/**
 * A build of these very sources, named by whoever keeps it current (jest's global setup does). A
 * worker started from TypeScript sources otherwise loads ts-node and TypeScript first: 0.35 s a
 * start, and the embedded database's tests start dozens.
 */
export const CURRENT_BUILD_VARIABLE = 'ROLLCALL_CURRENT_BUILD';

/**
 * Starts `src/db/<name>` in a worker thread. Both of this folder's workers load packages that Jest's
 * module registry cannot (ES modules, and dynamic imports), and a worker runs outside that registry.
 * From TypeScript sources (ts-node, Jest) the worker runs from the current build when there is one
 * and compiles itself when not; from a build it is plain JS.
 */
export function startWorker(name: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const file = path.join(__dirname, `${name}${extension}`);
  if (extension !== '.ts') return new Worker(file, { workerData, resourceLimits });
  const built = process.env[CURRENT_BUILD_VARIABLE];
  if (built !== undefined && built !== '') {
    const compiled = path.join(built, path.relative(projectRoot, file)).replace(/\.ts$/, '.js');
    return new Worker(compiled, { workerData, resourceLimits });
  }
  return new Worker(file, {
    workerData,
    resourceLimits,
    execArgv: ['--require', 'ts-node/register/transpile-only'],
    env: { ...process.env, TS_NODE_PROJECT: path.resolve(__dirname, '../../tsconfig.json') },
  });
}
