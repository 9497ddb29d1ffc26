import { shown, shownWithin } from '../../../src/views/markdown';

describe('shown: what a user typed, inert in markdown', () => {
  test.each([
    ['Goblin 1', 'Goblin 1'],
    ['Sir Bram (the Bold), 3rd', 'Sir Bram (the Bold), 3rd'],
    ['**Boss**', '\\*\\*Boss\\*\\*'],
    ['_x_ ~y~ `z` |s| \\', '\\_x\\_ \\~y\\~ \\`z\\` \\|s\\| \\\\'],
    ['[link](https://example.com)', '\\[link\\](https://example.com)'],
    ['<@123>', '\\<@123\\>'],
    ['# Heading', '\\# Heading'],
    ['- item', '\\- item'],
    ['Bram-Stone #2', 'Bram-Stone #2'],
    ['two\nlines', 'two lines'],
    ['one  \r\n  # more', 'one # more'],
  ])('%j is shown as %j', (typed, text) => {
    expect(shown(typed)).toBe(text);
  });
});

describe('shownWithin: the same, cut short', () => {
  test.each([
    ['Goblin', 10, 'Goblin'],
    ['Goblin warlord', 10, 'Goblin wa…'],
    // The cut falls between a backslash and the star it escapes: the backslash goes too, and no star is left live.
    ['ab*cd', 4, 'ab…'],
    ['ab**cd', 6, 'ab\\*…'],
    // The cut falls inside an emoji: the half of it goes.
    ['ab🐉cd', 4, 'ab…'],
  ])('%j within %i is %j', (typed, max, expected) => {
    expect(shownWithin(typed, max)).toBe(expected);
  });
});
