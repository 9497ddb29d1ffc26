import { DEFAULT_RULESET, getRuleSet, isRuleSetId, RULESET_IDS, RULESET_SUMMARIES } from '../../../src/rules';

describe('the five rule sets (RULES.md §0)', () => {
  it('dnd2024 is the default and every id resolves to its own rule set', () => {
    expect(DEFAULT_RULESET).toBe('dnd2024');
    expect(RULESET_IDS.map((id) => getRuleSet(id).id)).toEqual(['dnd2024', 'dnd2014', 'crown-misery', 'dnd-next', 'a5e']);
  });

  it.each([
    ['a5e', true],
    ['dnd2024', true],
    ['5e', false],
    ['', false],
    ['DND2024', false],
  ] as const)('isRuleSetId(%j) is %s', (value, ok) => {
    expect(isRuleSetId(value)).toBe(ok);
  });

  it.each(RULESET_IDS)('%s: its summary fits a Discord choice (100 characters) and names it like the engine', (id) => {
    expect(RULESET_SUMMARIES[id].description.length).toBeLessThanOrEqual(100);
    expect(getRuleSet(id).name).toBe(RULESET_SUMMARIES[id].name);
  });
});
