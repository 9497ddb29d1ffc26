import fc from 'fast-check';
import { editsWithin, normalise, rankByName } from '../../../src/compendium/ranking';

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

/** Every edit counted over the whole table: the definition the banded count must agree with. */
function allEdits(a: string, b: string): number {
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const above = rows[i - 1] ?? [];
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

describe('editsWithin: how many typos apart two names are, up to a bound', () => {
  test.each([
    ['alice', 'alcie', 1, 1],
    ['owlbare', 'owlbear', 2, 2],
    ['goblin', 'goblin', 0, 0],
    ['kitten', 'sitting', 3, 3],
    ['kitten', 'sitting', 2, null],
    ['gob', 'bob', 0, null],
    ['adult red dragon', 'adult rde dragon', 1, 1],
    ['a', 'abcdef', 3, null],
  ])('%j and %j within %i: %p', (a, b, most, expected) => {
    expect(editsWithin(a, b, most)).toBe(expected);
  });

  test('agrees with the whole table wherever the count is within the bound, and says null past it', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), maxLength: 12 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, most) => {
        const edits = allEdits(a, b);
        expect(editsWithin(a, b, most)).toBe(edits <= most ? edits : null);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('rankByName with long input', () => {
  const dragons = ['Ancient Black Dragon', 'Ancient Blue Dragon', 'Adult Black Dragon'];

  test('up to three typos still find the name, however long the name typed', () => {
    expect(rankByName(dragons, (name) => name, 'ancinet blakc dargon')).toEqual(['Ancient Black Dragon']);
  });

  test('four typos are another name, not a typo of this one', () => {
    expect(rankByName(dragons, (name) => name, 'ancinet blakc dargno')).toEqual([]);
  });

  test('a hundred letters typed against long names still find the name a typo away', () => {
    const long = 'ancient shadow dragon of the '.repeat(4);
    const names = Array.from({ length: 700 }, (_, index) => `${long}${index}`);
    const typed = `${long.slice(0, 40)}x${long.slice(41)}`.slice(0, 100);
    expect(rankByName(names, (name) => name, typed).length).toBe(25);
    expect(rankByName(names, (name) => name, 'z'.repeat(100))).toEqual([]);
  });
});
