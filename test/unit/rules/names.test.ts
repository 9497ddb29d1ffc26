import { normaliseName } from '../../../src/combat/targets';
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
    ['Goblin Warrior 2', 'Goblin Warrior 2'],
    [' Orc  2\t', 'Orc 2'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(cleanName(typed)).toBe(stored);
  });

  test('a zero-width joiner inside an emoji sequence stays; one elsewhere goes', () => {
    expect(cleanName('👨\u200D👩\u200D👧 Family')).toBe('👨\u200D👩\u200D👧 Family');
    expect(cleanName('❤\uFE0F\u200D🔥 Heart')).toBe('❤\uFE0F\u200D🔥 Heart');
    expect(cleanName('A\u200Dlice 😀\u200D')).toBe('Alice 😀');
  });
});

describe('normaliseName: how a typed name is compared', () => {
  test.each([
    ['Goblin Warrior', 'goblin warrior'],
    ['  GOBLIN\t1 ', 'goblin 1'],
    ['Orc\u00A02', 'orc 2'],
    ['\u00C9owyn', 'eowyn'],
    ['Jose\u0301', 'jose'],
    ['\uFB01re Imp', 'fire imp'],
    ['Ali\u200Bce', 'alice'],
  ])('%j is compared as %j', (typed, compared) => {
    expect(normaliseName(typed)).toBe(compared);
  });
});
