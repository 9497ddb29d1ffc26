// Makes the bot's compiled entry, dist/src/main.js, one file with the modules it loads at start:
// Node's loader finds, reads and wraps each module on its own, and the bot loads some 900 of them
// (discord.js alone over 300), which took half of its start. The build (scripts/run-built.js,
// `npm run build`) runs this after compiling; the other entries (the console, the scripts) and the
// worker threads keep loading dist/'s modules one by one.
// Usage: node scripts/bundle-bot.js [project folder]
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/**
 * Loaded when first used, not at start, so they stay files of their own and the bundle holds no copy:
 * zod (the character file readers), Prisma's query compiler (a 2.2 MB module that src/db/client.ts
 * drops from Node's module cache once compiled) and resvg, a native add-on (the recap chart), with
 * the SRD's books (LOADED_LATER_FILES). Optional packages that are not installed (discord.js's and
 * pg's native helpers) esbuild leaves as the `require` calls they are, inside their `try`.
 */
const LOADED_LATER = ['zod', '@prisma/client/runtime/query_compiler_small_bg.postgresql.wasm-base64.js', '@resvg/resvg-js'];
/** Found by path at run time (`require.resolve`), not loaded by the bundle: PGlite's package, the chart's fonts. */
const FOUND_BY_PATH = ['@electric-sql/pglite', '@expo-google-fonts/inter/*'];
const LOADED_LATER_FILES = /[\\/]compendium[\\/]srd[\\/]/;
/**
 * The bundle's first line: strict mode for the whole file, as each compiled module has (a directive
 * counts only before any statement, and esbuild puts the entry's own after this line), and the
 * folder its modules' own folders are given relative to.
 */
const BANNER = "'use strict';const __bundleFolder = __dirname;";

/**
 * A module that finds files next to itself (`__dirname`, `__filename`) gets its own folder and name
 * back inside the bundle, relative to where the bundle is, as compiled on its own: the project's
 * (the worker threads' files, the live page's folder) and the packages' (pino's and discord.js's
 * worker files) alike. A module that declares the names itself keeps its own.
 */
function ownFolders(bundleFolder) {
  return {
    name: 'own-folders',
    setup(build) {
      build.onLoad({ filter: /\.c?js$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!/\b__(dirname|filename)\b/.test(source) || /\b(const|let|var)\s+__(dirname|filename)\b/.test(source)) return undefined;
        const folder = JSON.stringify(path.relative(bundleFolder, path.dirname(args.path)));
        const file = JSON.stringify(path.relative(bundleFolder, args.path));
        const own =
          `const __dirname = require('node:path').join(__bundleFolder, ${folder});` +
          `const __filename = require('node:path').join(__bundleFolder, ${file});`;
        return { contents: `${own}\n${source}`, loader: 'js' };
      });
      // A file loaded later is required from the bundle's folder, by its path from there.
      build.onResolve({ filter: /^\./ }, (args) => {
        const target = path.resolve(args.resolveDir, args.path);
        if (!LOADED_LATER_FILES.test(target)) return undefined;
        return { path: `./${path.relative(bundleFolder, target).split(path.sep).join('/')}`, external: true };
      });
    },
  };
}

/** Characters past U+00FF make V8 keep a whole script two bytes a character: the bundle was 5.8 MB of source, 11.6 in memory. */
function firstWideCharacter(text) {
  const found = /[^\u0000-\u00ff]/.exec(text);
  return found === null ? null : { at: found.index, character: found[0] };
}

/** Bundles `<root>/dist/src/main.js` in place, written only once it passes the checks below; throws when it cannot. */
async function bundleBot(root) {
  const esbuild = require(require.resolve('esbuild', { paths: [root] }));
  const entry = path.join(root, 'dist', 'src', 'main.js');
  // Bundled already (this script run again after a build): a bundle of the bundle would not run.
  if (fs.readFileSync(entry, 'utf8').startsWith(BANNER)) return;
  const bundleFolder = path.dirname(entry);
  const { warnings, outputFiles } = await esbuild.build({
    entryPoints: [entry],
    outfile: entry,
    write: false,
    bundle: true,
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    // Without comments (but the licences, gathered at its end) the bundle is a third smaller, and
    // esbuild escapes what is not ASCII in the code: what is left is Latin-1, as checked below.
    // Stack traces keep the functions' names; their lines and columns are the bundle's.
    minifyWhitespace: true,
    external: [...LOADED_LATER, ...FOUND_BY_PATH],
    banner: { js: BANNER },
    plugins: [ownFolders(bundleFolder)],
    logLevel: 'silent',
  });
  // A warning is something the bundle would do differently from Node loading the modules (an
  // `import.meta` left empty, a path resolved from the bundle's folder): it fails the build, to be decided.
  if (warnings.length > 0) throw Object.assign(new Error('esbuild warned'), { errors: warnings });
  const [bundle] = outputFiles;
  const wide = firstWideCharacter(bundle.text);
  if (wide !== null)
    throw new Error(`the bundle has ${JSON.stringify(wide.character)} at ${wide.at}: V8 would keep it two bytes a character`);
  fs.writeFileSync(entry, bundle.contents);
}

/** esbuild's first error as one line, where it is first: `file:line:column: text`. */
function firstError(error) {
  const first = error?.errors?.[0];
  if (first === undefined) return error instanceof Error ? error.message : String(error);
  const at = first.location ? `${first.location.file}:${first.location.line}:${first.location.column}: ` : '';
  return `${at}${first.text}`;
}

if (require.main === module) {
  bundleBot(path.resolve(process.argv[2] ?? path.join(__dirname, '..'))).catch((error) => {
    process.stderr.write(`${firstError(error)}\n`);
    process.exit(1);
  });
}

module.exports = { bundleBot, firstWideCharacter };
