/**
 * `npm run bestiary:build`: converts the SRD 5.2 and 5.1 data in ../shared/srd into the project's
 * compendium (src/compendium/srd/), the homebrew format's JSON Schema and the coverage sections of
 * docs/bestiary.md and docs/spells.md, then prints the coverage and the size of each data file.
 * Same input, same bytes: test/unit/compendium/build.test.ts rebuilds and compares.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildCompendium, DATA_FOLDER, srdRoot } from './compendium/build';

const root = path.resolve(__dirname, '..');
if (!fs.existsSync(srdRoot(root))) {
  process.stderr.write(`No SRD data at ${srdRoot(root)}: the repository must be checked out beside shared/.\n`);
  process.exit(1);
}
const { files, summary } = buildCompendium(root);
for (const [file, content] of files) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}
process.stdout.write(`${summary}\n`);
for (const [file, content] of files) {
  if (!file.startsWith(DATA_FOLDER)) continue;
  const bytes = Buffer.byteLength(content);
  process.stdout.write(`${file}: ${bytes} bytes, ${gzipSync(content).length} gzipped\n`);
}
