/** Written in dist/ after a build that succeeded, dated when the build began. */
export const STAMP: string;
/** Whether dist/ in the project at `projectRoot` is missing or older than a source. */
export function needsBuild(projectRoot: string): boolean;
/** What glibc reads at start, set for the bot: the mmap threshold that gives compile garbage back. */
export const BOT_MEMORY_ENV: { MALLOC_MMAP_THRESHOLD_: string };
/** Node's flags for the bot: the young generation's size. */
export const BOT_NODE_FLAGS: readonly string[];
/** Whether run-built starts `entry` in a child process with BOT_MEMORY_ENV and BOT_NODE_FLAGS instead of running it itself. */
export function launchesChild(entry: string, env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): boolean;
