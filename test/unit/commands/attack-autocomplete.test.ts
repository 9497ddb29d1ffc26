import { command } from '../../../commands/attack';
import type { EncounterService } from '../../../src/combat/service';
import type { CombatantRef } from '../../../src/combat/types';
import { unitContext } from './context';

const unused = (): Promise<never> => Promise.reject(new Error('not used'));

function ref(id: string, name: string): CombatantRef {
  return { id, name, controllerId: null, hidden: false, isPlayerCharacter: false };
}

function suggestions(focused: string, typed: string): Promise<string[]> {
  const combatants = [ref('c1', 'Goblin 1'), ref('c2', 'Goblin 2'), ref('c3', 'Bugbear Chief')];
  const encounters = { combatants: () => Promise.resolve(combatants) } as unknown as EncounterService;
  const base = unitContext({ encounters }, { send: unused, sendDirect: unused, edit: unused, pin: unused }, { [focused]: typed });
  return command.autocomplete!({ ...base, focused: { name: focused, value: typed } }).then((choices) => choices.map((c) => c.name));
}

describe('/attack suggests combatants', () => {
  it('for the target and for the attacker, and nothing for other options', async () => {
    expect(await suggestions('target', 'gob')).toEqual(['Goblin 1', 'Goblin 2']);
    expect(await suggestions('attacker', 'bug')).toEqual(['Bugbear Chief']);
    expect(await suggestions('damage', 'gob')).toEqual([]);
  });
});
