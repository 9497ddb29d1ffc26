import type { CombatantRef, EncounterEvent, SaveOutcome } from '../../../src/combat/types';
import { concentrationSaveSentence, repeatSaveSentence, saveRolledSentence } from '../../../src/views/condition-text';

const OGRE: CombatantRef = { id: 'c1', name: 'Ogre', controllerId: null, hidden: true, isPlayerCharacter: false };
const ALICE: CombatantRef = { id: 'c2', name: 'Alice', controllerId: 'user-alice', hidden: false, isPlayerCharacter: true };
/** d20 6 − 1 (save bonus) = 5, failed. */
const FAILED: SaveOutcome = {
  rolls: [6],
  natural: 6,
  parts: [{ value: -1, reason: 'save bonus', dice: null }],
  total: 5,
  autoFail: null,
  success: false,
};

describe("a save's roll: the table reads a hidden monster's outcome only, the game master the roll", () => {
  const rolled = (combatant: CombatantRef, dcPrivate?: true): Extract<EncounterEvent, { kind: 'save-rolled' }> => ({
    kind: 'save-rolled',
    combatant,
    ability: 'dex',
    dc: 14,
    ...(dcPrivate === undefined ? {} : { dcPrivate }),
    ...FAILED,
  });

  test.each([
    ['a hidden Ogre, the table', rolled(OGRE), false, "Ogre's Dexterity save (DC 14), failed."],
    ['a hidden Ogre, the game master', rolled(OGRE), true, "Ogre's Dexterity save (DC 14): d20 6 − 1 (save bonus) = 5, failed."],
    ['Alice against a hidden DC, the table', rolled(ALICE, true), false, "Alice's Dexterity save, failed."],
    [
      'Alice against a hidden DC, the game master',
      rolled(ALICE, true),
      true,
      "Alice's Dexterity save (DC 14): d20 6 − 1 (save bonus) = 5, failed.",
    ],
    ['Alice, the table', rolled(ALICE), false, "Alice's Dexterity save (DC 14): d20 6 − 1 (save bonus) = 5, failed."],
  ])('%s', (_, event, forGameMaster, words) => {
    expect(saveRolledSentence(event, forGameMaster)).toBe(words);
  });

  test('a repeated save and a concentration save of a hidden Ogre', () => {
    const repeat: Extract<EncounterEvent, { kind: 'repeat-save' }> = {
      kind: 'repeat-save',
      combatant: OGRE,
      effect: 'Hold Monster',
      save: { ability: 'wis', dc: 15 },
      private: false,
      ...FAILED,
    };
    expect(repeatSaveSentence(repeat)).toBe('Ogre repeats its Wisdom save against Hold Monster (DC 15), the effect continues.');
    expect(repeatSaveSentence(repeat, true)).toBe(
      'Ogre repeats its Wisdom save against Hold Monster (DC 15): d20 6 − 1 (save bonus) = 5, the effect continues.',
    );
    const concentration: Extract<EncounterEvent, { kind: 'concentration-save' }> = {
      kind: 'concentration-save',
      combatant: OGRE,
      effect: 'Fly',
      dc: 10,
      ...FAILED,
    };
    expect(concentrationSaveSentence(concentration)).toBe("Ogre's concentration save. Fly ends.");
    expect(concentrationSaveSentence(concentration, true)).toBe("Ogre's concentration save (DC 10): d20 6 − 1 (save bonus) = 5. Fly ends.");
  });
});
