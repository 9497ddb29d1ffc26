import { dropSpareDatabases } from './database';
import { removeMemoryScratch } from './scratch-folder';

export default async function globalTeardown(): Promise<void> {
  await dropSpareDatabases();
  removeMemoryScratch();
}
