/** Written in dist/ after a build that succeeded, dated when the build began. */
export const STAMP: string;
/** Whether dist/ in the project at `projectRoot` is missing or older than a source. */
export function needsBuild(projectRoot: string): boolean;
