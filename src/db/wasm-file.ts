import fs from 'node:fs';
import path from 'node:path';

/** A compiled WebAssembly module, which this code only hands on. */
export type WasmModule = object;

/** The WebAssembly global: @types/node 20 does not declare it, and the DOM lib would bring browser ones. */
export const Wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Module: new (bytes: Uint8Array) => WasmModule;
      Instance: new (module: WasmModule, imports: object) => { exports: object };
    };
  }
).WebAssembly;

/**
 * The module in `file`, read and compiled in one synchronous call. V8 compiles from a copy of its
 * own, so the file's bytes are garbage as soon as this returns, and young: the next scavenge frees
 * them. Read and compiled across awaits, as PGlite does when left to load PostgreSQL's 9 MB itself,
 * they outlive the scavenges of a busy start, move to the old generation and stay resident until a
 * full collection, which an idle bot first runs some 8 s later.
 */
export function compileWasmFile(file: string): WasmModule {
  return new Wasm.Module(fs.readFileSync(file));
}

/** PostgreSQL's WebAssembly as PGlite ships it, which the embedded database's worker compiles. */
export function postgresWasmFile(): string {
  return path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
}
