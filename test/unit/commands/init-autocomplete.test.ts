import { MAX_SUGGESTIONS, rankByName } from '../../../src/framework/autocomplete';

const order = ['Goblin 1', 'Goblin 2', 'Alice', 'Hobgoblin Captain', 'Bugbear', 'Élodie'];
const suggest = (typed: string) => rankByName(order, (name) => name, typed);

describe('target suggestions', () => {
  test.each<[string, string, string[]]>([
    ['nothing typed: everyone, in initiative order', '', order],
    ['prefix first, then a word inside the name, case-insensitive', 'GOB', ['Goblin 1', 'Goblin 2', 'Hobgoblin Captain']],
    ['a later word of the name', 'capt', ['Hobgoblin Captain']],
    ['a substring', 'bear', ['Bugbear']],
    ['letters in order (fuzzy)', 'hbgc', ['Hobgoblin Captain']],
    ['a typo', 'alcie', ['Alice']],
    ['accents are forgiven', 'elo', ['Élodie']],
    ['a number picks one of a group', 'goblin 2', ['Goblin 2']],
    ['no match at all', 'zzz', []],
  ])('%s', (_name, typed, expected) => {
    expect(suggest(typed)).toEqual(expected);
  });

  test(`at most ${MAX_SUGGESTIONS}`, () => {
    const horde = Array.from({ length: 40 }, (_, index) => `Kobold ${index + 1}`);
    const found = rankByName(horde, (name) => name, 'kob');
    expect(found).toHaveLength(25);
    expect(found[0]).toBe('Kobold 1');
    expect(found[24]).toBe('Kobold 25');
  });
});
