import { formatExpr, parseDice, rollDice } from '../../../src/dice';
import { criticalDamage, getRuleSet, type RuleSetId } from '../../../src/rules';
import { scripted } from './support';

function critical(id: RuleSetId, text: string, faces: number[], weapon = true): { expression: string; total: number } {
  const parsed = parseDice(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const root = criticalDamage(parsed.value.root, getRuleSet(id).facts.critical, { weapon });
  const random = scripted(...faces);
  const rolled = rollDice({ ...parsed.value, root }, random);
  if (!rolled.ok) throw new Error(rolled.error.message);
  expect(random.left()).toBe(0);
  return { expression: formatExpr(root), total: rolled.total };
}

describe('RULES.md §4 critical-hit damage on a 1d8+3 longsword', () => {
  it.each<[RuleSetId, number[], number]>([
    ['dnd2014', [5, 6], 14], // dice twice, modifier once: 2d8+3
    ['dnd2024', [5, 6], 14],
    ['crown-misery', [5], 16], // decision §27.1: roll normally, then double the total: (5+3)×2
    ['dnd-next', [4], 15], // 8 + 3 + one extra d8 (example in §4d)
    ['a5e', [5], 16], // everything doubled, modifier included
  ])('%s rolls %j for a total of %i', (id, faces, total) => {
    expect(critical(id, '1d8+3', faces).total).toBe(total);
  });

  it('2014 and 2024 roll every damage die twice, the modifier once (§4a/b)', () => {
    expect(critical('dnd2024', '1d8+2d6+3', [1, 2, 3, 4, 5, 6]).total).toBe(24);
  });

  it('dnd-next adds the extra die only on weapon crits; a spell crit is just maximum damage (§4d)', () => {
    expect(critical('dnd-next', '2d6+1d4+2', [], false).total).toBe(18);
    expect(critical('dnd-next', '2d6+1d4+2', [3]).total).toBe(21);
  });

  it('the extra weapon die keeps its damage type annotation', () => {
    expect(critical('dnd-next', '1d8[slashing]+3', [2]).expression).toContain('1d8 [slashing]');
  });

  it.each([
    ['(1d10+2)[fire]', [3], 10 + 2 + 3],
    ['-1d4+1d6', [3], -4 + 6 + 3],
    ['(1d12, 1d8)kh1+4', [7], 12 + 4 + 7],
    ['5', [], 5],
  ])('dnd-next finds the weapon die inside groups, signs and sets: %s', (text, faces, total) => {
    expect(critical('dnd-next', text, faces).total).toBe(total);
  });
});
