import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Type checking is done once by `tsc --noEmit` in `npm test`; per-file transpiling keeps jest fast.
    '^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true }, diagnostics: false }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 30_000,
  collectCoverageFrom: ['src/**/*.ts', 'commands/**/*.ts', '!src/db/generated/**'],
};

export default config;
