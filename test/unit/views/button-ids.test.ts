import { buttonId, parseButtonId, type ButtonAction } from '../../../src/views/button-ids';

describe('button custom ids', () => {
  it.each<[ButtonAction, string]>([
    [{ command: 'init', action: 'next', encounterId: 'enc1' }, 'init:next:enc1'],
    [{ command: 'init', action: 'prev', encounterId: 'enc1' }, 'init:prev:enc1'],
    [{ command: 'init', action: 'end', encounterId: 'enc1' }, 'init:end:enc1'],
    [{ command: 'init', action: 'keep', encounterId: 'enc1' }, 'init:keep:enc1'],
    [{ command: 'init', action: 'death', encounterId: 'enc1', combatantId: 'c3' }, 'init:death:enc1:c3'],
    [{ command: 'init', action: 'myturn', encounterId: 'enc1', combatantId: 'c3' }, 'init:myturn:enc1:c3'],
    [{ command: 'init', action: 'dropconc', encounterId: 'enc1', combatantId: 'c3' }, 'init:dropconc:enc1:c3'],
    [{ command: 'hp', action: 'conc', encounterId: 'enc1', combatantId: 'c3', index: 2 }, 'hp:conc:enc1:c3:2'],
  ])('%j is %s, and reads back as itself', (button, id) => {
    expect(buttonId(button)).toBe(id);
    expect(parseButtonId(id)).toEqual(button);
  });

  it.each([
    '',
    'init',
    'init:next',
    'init:next:',
    'init:fly:enc1',
    'init:next:enc1:c1',
    'init:death:enc1',
    'init:myturn:enc1',
    'init:dropconc:enc1',
    'hp:conc:enc1:c3',
    'hp:conc:enc1:c3:x',
    'roll:next:enc1',
    'init:next:enc1:c1:0:extra',
  ])('refuses %j, which no version of the bot makes', (id) => {
    expect(parseButtonId(id)).toBeNull();
  });
});
