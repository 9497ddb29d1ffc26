import { command } from '../../../commands/condition';
import type { EncounterService } from '../../../src/combat/service';
import { addCondition } from '../../../src/combat/conditions';
import { addMonsters } from '../../../src/combat/roster';
import type { Encounter } from '../../../src/combat/types';
import type { RuleSetId } from '../../../src/rules/ids';
import { ctx, fresh, gm, noDice } from '../combat/support';
import { unitContext } from './context';

const unused = (): Promise<never> => Promise.reject(new Error('not used'));

function suggestions(encounter: Encounter | null, focused: string, typed: string, userId = '42'): Promise<string[]> {
  const encounters = { get: () => Promise.resolve(encounter), combatants: () => Promise.resolve([]) } as unknown as EncounterService;
  const base = unitContext({ encounters }, { send: unused, sendDirect: unused, edit: unused, pin: unused }, { [focused]: typed });
  return command.autocomplete!({ ...base, user: { id: userId, name: userId }, focused: { name: focused, value: typed } }).then((choices) =>
    choices.map((c) => c.name),
  );
}

function withGoblin(ruleSet: RuleSetId): Encounter {
  return addMonsters(fresh(ruleSet), ctx(gm, noDice, ruleSet), { name: 'Goblin', hp: 7, initiative: 10 }).encounter;
}

describe('/condition suggests the rule set in force', () => {
  it.each([
    ['dnd2024', 'ex', ['Exhaustion']],
    ['a5e', 'do', ['Doomed']],
    ['dnd2014', 'do', []],
    ['dnd-next', 'intox', ['Intoxicated']],
    ['a5e', 'fat', ['Fatigue']],
  ] as const)('%s: "%s" offers %j', async (ruleSet, typed, expected) => {
    expect(await suggestions(withGoblin(ruleSet), 'condition', typed)).toEqual(expected);
  });

  it('named effects already in play come after the catalogue', async () => {
    const blessed = addCondition(withGoblin('dnd2024'), ctx(gm), { target: 'Goblin', condition: 'Bless' }).encounter;
    expect(await suggestions(blessed, 'condition', 'bl')).toEqual(['Blinded', 'Bless', 'Invisible']);
  });

  it("a player is never offered the game master's unshown effect on a hidden monster; the game master is", async () => {
    const ogre = addMonsters(fresh('dnd2024'), ctx(gm), { name: 'Ogre', hp: 59, initiative: 8, hidden: true }).encounter;
    const secret = addCondition(ogre, ctx(gm), { target: 'Ogre', condition: 'Mirror Image' }).encounter;
    expect(await suggestions(secret, 'condition', 'mirror')).toEqual([]);
    expect(await suggestions(secret, 'condition', 'mirror', 'gm')).toEqual(['Mirror Image']);
  });

  it('no encounter, no suggestions', async () => {
    expect(await suggestions(null, 'condition', 'po')).toEqual([]);
  });
});
