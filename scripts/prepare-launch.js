// The end of `npm install`: compiles the build and caches a new embedded database with every
// migration applied now, while the person installing expects to wait, so that the first `npm run console` or
// `npm start` starts like any later one. Best effort: whatever fails here, the first launch does.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { build, needsBuild, root } = require('./run-built');

async function main() {
  // An install without the sources (Docker's dependency layer) has nothing to prepare.
  if (!fs.existsSync(path.join(root, 'src')) || !fs.existsSync(path.join(root, 'tsconfig.build.json'))) return;
  if (needsBuild(root)) build();
  const began = Date.now();
  const { isFirstOpenPrepared, prepareFirstOpen } = require(path.join(root, 'dist', 'src', 'db', 'open.js'));
  if (isFirstOpenPrepared()) return;
  process.stderr.write('Preparing the embedded database for the first launch…\n');
  await prepareFirstOpen();
  process.stderr.write(`Prepared in ${((Date.now() - began) / 1000).toFixed(1)} s.\n`);
}

main().catch((error) => {
  process.stderr.write(
    `Could not prepare the first launch now (${error instanceof Error ? error.message : String(error)}); it will do it.\n`,
  );
});
