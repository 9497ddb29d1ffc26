import fs from 'node:fs';
import path from 'node:path';
import { buildCompendium, srdRoot } from '../../../scripts/compendium/build';

const root = path.resolve(__dirname, '../../..');
const haveSrd = fs.existsSync(srdRoot(root));

describe('npm run bestiary:build', () => {
  if (!haveSrd) {
    it.todo(`rebuilds the committed compendium: skipped, no SRD data at ${srdRoot(root)} (check the repository out beside shared/)`);
    return;
  }

  it('rebuilds, from ../shared/srd, exactly the committed data files, JSON Schema and coverage sections', () => {
    const { files } = buildCompendium(root);
    expect(files.size).toBe(7);
    for (const [file, content] of files) {
      expect({ file, same: fs.readFileSync(path.join(root, file), 'utf8') === content }).toEqual({ file, same: true });
    }
  });

  it('writes the same bytes twice', () => {
    const first = buildCompendium(root).files;
    const second = buildCompendium(root).files;
    expect([...second.entries()]).toEqual([...first.entries()]);
  });
});
