import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const extension = path.extname(__filename);

/**
 * Starts `src/db/<name>` in a worker thread. Both of this folder's workers load packages that Jest's
 * module registry cannot (ES modules, and dynamic imports), and a worker runs outside that registry.
 * From TypeScript sources (ts-node, Jest) the worker compiles itself; from a build it is plain JS.
 */
export function startWorker(name: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const file = path.join(__dirname, `${name}${extension}`);
  if (extension !== '.ts') return new Worker(file, { workerData, resourceLimits });
  return new Worker(file, {
    workerData,
    resourceLimits,
    execArgv: ['--require', 'ts-node/register/transpile-only'],
    env: { ...process.env, TS_NODE_PROJECT: path.resolve(__dirname, '../../tsconfig.json') },
  });
}
