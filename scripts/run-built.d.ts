/** Written in dist/ after a build that succeeded, dated when the build began. */
export const STAMP: string;
/** Whether dist/ in the project at `projectRoot` is missing or older than a source. */
export function needsBuild(projectRoot: string): boolean;
/** Removes the JavaScript under `folder` no build output in `written` names, and folders left empty; dot-files stay. */
export function pruneStale(folder: string, written: ReadonlySet<string>): void;
/** What glibc reads at start, set for the bot: an mmap threshold that stays at 128 KB. */
export const BOT_MEMORY_ENV: { MALLOC_MMAP_THRESHOLD_: string };
/** Whether run-built starts `entry` in a child process with BOT_MEMORY_ENV instead of running it itself. */
export function launchesChild(entry: string, env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): boolean;
/** The project run-built compiles and runs. */
export const root: string;
/** Compiles what tsconfig.build.json names into dist/, saying so on standard error; throws when the build fails. */
export function build(): void;
