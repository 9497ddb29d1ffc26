import { removeMemoryScratch } from './scratch-folder';

export default function globalTeardown(): void {
  removeMemoryScratch();
}
