// Runs `prisma generate` without Prisma's native schema engine, which cannot be downloaded on
// machines without internet access. Generating the client never calls the engine, but the CLI
// insists that one exists, so it is pointed at a stub that refuses to run.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stubDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-engine-'));
const stub = path.join(stubDir, 'schema-engine');
fs.writeFileSync(stub, '#!/bin/sh\necho "the native schema engine is not used by Rollcall: run npm run db:migrate" >&2\nexit 1\n');
fs.chmodSync(stub, 0o755);

const cli = require.resolve('prisma/build/index.js', { paths: [root] });
const result = spawnSync(process.execPath, [cli, 'generate', '--schema', path.join(root, 'prisma', 'schema.prisma')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: stub, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
});
fs.rmSync(stubDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
