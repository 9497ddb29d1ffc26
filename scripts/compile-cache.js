// A V8 code cache for the CommonJS modules a launch loads (Node 22 has module.enableCompileCache;
// Node 20, which Rollcall supports, does not). Compiling the JavaScript of the commands, discord.js,
// zod and Prisma's client took about a quarter of the time spent loading them at every launch; with
// the code V8 made last time, it only checks and deserializes it.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

/** The file's layout: a 4-byte length, a JSON index of [filename, source hash, byte length], then the code, in index order. */
const INDEX_LENGTH_BYTES = 4;

/** Code V8 made for each module, by filename, with the hash of the source it was made from. */
function readCache(file) {
  const entries = new Map();
  let data;
  try {
    data = fs.readFileSync(file);
  } catch {
    return entries;
  }
  try {
    const indexEnd = INDEX_LENGTH_BYTES + data.readUInt32LE(0);
    let offset = indexEnd;
    for (const [filename, hash, length] of JSON.parse(data.subarray(INDEX_LENGTH_BYTES, indexEnd).toString('utf8'))) {
      entries.set(filename, { hash, code: data.subarray(offset, offset + length) });
      offset += length;
    }
  } catch {
    entries.clear();
  }
  return entries;
}

/** Best effort, written aside and renamed: a read-only folder only means compiling again next time. */
function writeCache(file, scripts) {
  const index = [];
  const codes = [];
  for (const [filename, { hash, script }] of scripts) {
    const code = script.createCachedData();
    index.push([filename, hash, code.length]);
    codes.push(code);
  }
  const indexBytes = Buffer.from(JSON.stringify(index), 'utf8');
  const length = Buffer.alloc(INDEX_LENGTH_BYTES);
  length.writeUInt32LE(indexBytes.length, 0);
  const partial = `${file}.${process.pid}`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(partial, Buffer.concat([length, indexBytes, ...codes]));
    fs.renameSync(partial, file);
  } catch {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * What Node's own loader gives a module as `require`. Loading goes through the module itself, so
 * that the module tree (module.children, module.parent) is the one Node would build.
 */
function requireFor(module, filename) {
  return Object.assign((id) => module.require(id), Module.createRequire(filename));
}

/** How long module loading must pause before the cache is written: start-up loads in bursts, then waits. */
const QUIET_MS = 100;

/**
 * From here on, this process compiles CommonJS modules with the code cached in `file`, when it was
 * made from the same source (V8 itself refuses code from another V8 version or other flags). When
 * a module had to be compiled without it, the file is rewritten once loading pauses (start-up
 * waiting for its database, say: a launch stopped by a signal, which skips exit handlers, still
 * leaves it), and at exit if more were compiled since. It holds the code V8 has by then, which
 * includes the functions the launch ran, not only the ones compiled up front. Modules that import()
 * (which a vm.Script cannot do as a module does) or start with a #! line compile as usual, and so
 * does everything when source maps are on.
 */
function installCompileCache(file) {
  if (process.sourceMapsEnabled) return;
  const cached = readCache(file);
  const compiled = new Map();
  let unsaved = false;
  let quiet;
  // Once loading pauses, the code of modules not loaded yet is copied out of the file's buffer, so
  // that the buffer (megabytes, mostly code already used) does not stay in memory for the process's life.
  let copiedOut = false;
  const settle = () => {
    if (!copiedOut) for (const [filename, entry] of cached) cached.set(filename, { hash: entry.hash, code: Buffer.from(entry.code) });
    copiedOut = true;
    save();
  };
  const save = () => {
    clearTimeout(quiet);
    if (!unsaved) return;
    unsaved = false;
    writeCache(file, compiled);
  };
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename, ...rest) {
    if (content.includes('import(') || content.startsWith('#!')) return Reflect.apply(compile, this, [content, filename, ...rest]);
    const hash = crypto.createHash('sha1').update(content).digest('base64');
    const entry = cached.get(filename);
    cached.delete(filename);
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData: entry?.hash === hash ? entry.code : undefined,
    });
    if (entry?.hash !== hash || script.cachedDataRejected === true) unsaved = true;
    compiled.set(filename, { hash, script });
    clearTimeout(quiet);
    quiet = setTimeout(settle, QUIET_MS).unref();
    const wrapper = script.runInThisContext({ displayErrors: true });
    return Reflect.apply(wrapper, this.exports, [this.exports, requireFor(this, filename), this, filename, path.dirname(filename)]);
  };
  process.once('exit', save);
}

module.exports = { installCompileCache };
