import { cleanName } from '../../../src/rules/names';

describe('cleanName', () => {
  test.each([
    ['Poisoned\u200B', 'Poisoned'],
    ['Ali\u202Ece', 'Alice'],
    ['\u2066Gob\u2069lin\u200E', 'Goblin'],
    ['\uFEFFBram  \u00A0\t Stone\n', 'Bram Stone'],
    ['Jose\u0301', 'Jos\u00E9'],
    ['Ha\u00ADlf', 'Half'],
    ['Bro\uD800ken', 'Broken'],
    ['\u200B \u200C', ''],
  ])('%j is stored as %j', (typed, stored) => {
    expect(cleanName(typed)).toBe(stored);
  });

  test('a zero-width joiner inside an emoji sequence stays; one elsewhere goes', () => {
    expect(cleanName('👨\u200D👩\u200D👧 Family')).toBe('👨\u200D👩\u200D👧 Family');
    expect(cleanName('❤\uFE0F\u200D🔥 Heart')).toBe('❤\uFE0F\u200D🔥 Heart');
    expect(cleanName('A\u200Dlice 😀\u200D')).toBe('Alice 😀');
  });
});
