import {
  characterNotInEncounterText,
  fightSaveWithoutEncounterText,
  NO_COMBATANT_OF_YOURS_TEXT,
  rollerUnclearText,
  unknownSaveText,
  unusedFightSaveOptionText,
} from '../../../src/views/fight-save-text';

describe("/save's refusals for a fight's death and concentration saves", () => {
  it.each([
    ['death', 'dc', "A death save's DC is the rule set's: leave out `dc`."],
    ['concentration', 'dc', 'A concentration save keeps the DC the damage gave it: leave out `dc`.'],
    ['death', 'secret', 'A death save changes the fight the table follows, so it is never secret: leave out `secret`.'],
    [
      'concentration',
      'bonus',
      'A concentration save adds no bonus typed with it: an effect on the combatant that gives one (`/condition add` with ' +
        '`modifiers:concentration:+1d4`) counts by itself. Leave out `bonus`.',
    ],
    [
      'death',
      'mode',
      'A death save has advantage or disadvantage only from conditions and effects (`/condition add` with ' +
        '`modifiers:adv:death`). Leave out `mode`.',
    ],
  ] as const)('%s save with `%s`: %s', (save, option, words) => {
    expect(unusedFightSaveOptionText(save, option)).toBe(words);
  });

  it('say where the roller is missing, escaping the names users typed', () => {
    expect(unknownSaveText()).toBe('`ability` is one of str, dex, con, int, wis, cha, death or concentration.');
    expect(fightSaveWithoutEncounterText('death')).toBe('There is no encounter in this channel: a death save is rolled in a fight.');
    expect(characterNotInEncounterText('*Bram*')).toBe("\\*Bram\\* is not in this channel's encounter.");
    expect(NO_COMBATANT_OF_YOURS_TEXT).toBe("You have no combatant in this channel's encounter: name one with `target`.");
  });

  it('name the candidates, at most five before "and N more"', () => {
    expect(rollerUnclearText('death', ['Bram', 'Cass'], true)).toBe(
      'Bram and Cass each have a death save to roll: name one with `target`.',
    );
    expect(rollerUnclearText('concentration', ['Bram', 'Cass'], false)).toBe(
      'None of your combatants (Bram or Cass) has a concentration save to roll.',
    );
    expect(rollerUnclearText('death', ['A', 'B', 'C', 'D', 'E', 'F', 'G'], true)).toBe(
      'A, B, C, D, E and 2 more each have a death save to roll: name one with `target`.',
    );
  });
});
