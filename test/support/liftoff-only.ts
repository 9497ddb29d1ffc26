import v8 from 'node:v8';

// WebAssembly (PGlite's PostgreSQL, the schema engine, Prisma's query compiler) runs on V8's baseline
// compiler only, as `npm start` and `npm run console` run it (scripts/run-built.js says why). The
// optimizing compiler's work on PostgreSQL's large functions otherwise takes a core from the other
// test worker: the embedded database's suite took 44 s of user CPU without it and 30 s with it.
v8.setFlagsFromString('--liftoff-only');
