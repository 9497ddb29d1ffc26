import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A file the page loads, kept in memory with the tag that lets a browser keep its copy. */
export interface Asset {
  body: Buffer;
  contentType: string;
  etag: string;
}

const CLIENT_FILES: Readonly<Record<string, string>> = {
  'live.js': 'text/javascript; charset=utf-8',
  'live.css': 'text/css; charset=utf-8',
};

/**
 * The page's own script and style sheet, plain files with no build step. They are read from the
 * source tree (src/live/client) both from the sources and from the compiled build, which runs from
 * dist/ beside them: the folder holding package.json is the project's root either way.
 */
export function clientFolder(from: string = __dirname): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return path.join(dir, 'src', 'live', 'client');
}

/** The client files by name, read once. */
export function loadAssets(folder: string = clientFolder()): ReadonlyMap<string, Asset> {
  return new Map(
    Object.entries(CLIENT_FILES).map(([name, contentType]) => {
      const body = fs.readFileSync(path.join(folder, name));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      return [name, { body, contentType, etag }];
    }),
  );
}
