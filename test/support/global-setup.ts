// Tests start the bot, the console and the scripts from dist/, as `npm start` and `npm run console`
// do: loading compiled JavaScript takes about a second where compiling the sources with ts-node at
// every start took four or five more. dist/ is brought up to date here, once, before any worker
// starts, so that no two children ever compile it at the same time.
import { build, needsBuild, root } from '../../scripts/run-built';
import { CURRENT_BUILD_VARIABLE } from '../../src/db/worker-thread';
import { DIST } from './compiled';
import { useMemoryForScratch } from './scratch-folder';

export default function globalSetup(): void {
  if (needsBuild(root)) build();
  // Worker threads the tests start run from it too (src/db/worker-thread.ts).
  process.env[CURRENT_BUILD_VARIABLE] = DIST;
  // Before the workers start: they take the environment as it is now.
  useMemoryForScratch();
}
