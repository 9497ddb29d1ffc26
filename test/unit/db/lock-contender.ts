// A process that races for a folder's lock when told to: embedded-lock.test.ts starts several.
import { EmbeddedDatabaseInUseError, lockFolder } from '../../../src/db/embedded-lock';

/** A folder to lock, and when (epoch milliseconds, fractional) every contender tries at once. */
export interface Race {
  dataDir: string;
  startAt: number;
}

export type RaceResult = 'locked' | 'in use' | `failed: ${string}`;

function now(): number {
  return performance.timeOrigin + performance.now();
}

function race({ dataDir, startAt }: Race): RaceResult {
  // A busy wait: a timer would let the contenders drift apart by milliseconds.
  while (now() < startAt) continue;
  try {
    lockFolder(dataDir);
    return 'locked';
  } catch (error) {
    return error instanceof EmbeddedDatabaseInUseError ? 'in use' : `failed: ${String(error)}`;
  }
}

// Locks won are kept until the test kills this process, as a running bot keeps its folder.
process.on('message', (message: Race) => process.send?.(race(message)));
process.send?.('ready');
