import { applySheetChanges, freshState, stateAfterEdit } from '../../../src/characters/sheet';

/** A level 5 wizard (d6, Con 10): 22 HP at most; what a level-up edit leaves of `hp` and `dead`. */
function levelledUp(hp: number, dead = false, conditions: string[] = []) {
  const before = applySheetChanges(null, 'Wiz', { level: 5, hitDie: 'd6' });
  const after = applySheetChanges(before, 'Wiz', { level: 6 });
  const state = { ...freshState(before), hp, dead, conditions: conditions as never };
  return { gained: after.maxHp - before.maxHp, edited: stateAfterEdit(before, after, state) };
}

describe('an edit that raises the maximum', () => {
  test('adds the rise to a standing character', () => {
    const { gained, edited } = levelledUp(10);
    expect(gained).toBeGreaterThan(0);
    expect(edited.hp).toBe(10 + gained);
  });

  test('heals nobody at 0 HP or dead: waking is healing, not an edit', () => {
    expect(levelledUp(0, false, ['unconscious', 'prone']).edited).toMatchObject({
      hp: 0,
      dead: false,
      conditions: ['unconscious', 'prone'],
    });
    expect(levelledUp(0, true).edited).toMatchObject({ hp: 0, dead: true });
  });
});
