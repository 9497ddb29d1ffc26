import fc from 'fast-check';
import { normalise } from '../../../src/compendium/ranking';

describe('normalise: how a monster or spell name is compared', () => {
  test.each([
    ['Fireball', 'fireball'],
    ['Cone of Cold', 'cone of cold'],
    ["Tasha's Hideous Laughter", "tasha's hideous laughter"],
    ['  Mage\tArmor ', 'mage armor'],
    ['Ádult  Red Dragon', 'adult red dragon'],
    ['\uFB01re Bolt', 'fire bolt'],
    ['Melf\u2019s Acid Arrow', 'melf\u2019s acid arrow'],
  ])('%j is compared as %j', (name, key) => {
    expect(normalise(name)).toBe(key);
  });

  test('a name that skips the full normalisation gets the key the full one gives', () => {
    // A leading space sends the same name through the full path, which trims it away again.
    const names = fc.oneof(fc.string({ unit: 'grapheme-ascii' }), fc.string({ unit: 'grapheme' }));
    fc.assert(
      fc.property(names, (name) => normalise(name) === normalise(` ${name}`)),
      { numRuns: 2_000 },
    );
  });
});
