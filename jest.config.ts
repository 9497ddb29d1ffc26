import os from 'node:os';
import type { Config } from 'jest';

const config: Config = {
  // Jest's Node environment, which also fails a file that leaves a worker thread running.
  testEnvironment: '<rootDir>/test/support/thread-guard-environment.ts',
  roots: ['<rootDir>/test'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/liftoff-only.ts'],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Type checking is done once by `tsc --noEmit` in `npm test`; each file's types are stripped alone.
    '^.+\\.ts$': '<rootDir>/test/support/typescript-transform.js',
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Jest's default keeps one core for itself (one worker on a 2-core machine); its own process mostly
  // waits on the workers, and the suites wait on PostgreSQL and child processes, so every core runs one.
  maxWorkers: os.availableParallelism(),
  testTimeout: 30_000,
  collectCoverageFrom: ['src/**/*.ts', 'commands/**/*.ts', '!src/db/generated/**'],
};

export default config;
