/** Written in dist/ after a build that succeeded, dated when the build began. */
export const STAMP: string;
/** Whether dist/ in the project at `projectRoot` is missing or older than a source. */
export function needsBuild(projectRoot: string): boolean;
/** The settings the bot runs with for its memory: glibc's mmap threshold and V8's young generation. */
export const BOT_MEMORY_ENV: { MALLOC_MMAP_THRESHOLD_: string; NODE_OPTIONS: string };
/** Whether run-built starts `entry` in a child process with BOT_MEMORY_ENV instead of running it itself. */
export function launchesChild(entry: string, env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): boolean;
/** The bot's child's environment: `env` with BOT_MEMORY_ENV, NODE_OPTIONS added to the user's own. */
export function childEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
