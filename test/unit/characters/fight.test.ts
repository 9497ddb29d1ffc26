import { revivedState } from '../../../src/characters/fight';
import { applySheetChanges, freshState, type Character } from '../../../src/characters/sheet';
import { getRuleSet } from '../../../src/rules';

function dead(state: Partial<Character>): Character {
  const sheet = applySheetChanges(null, 'Alice', { level: 5, maxHp: 40 });
  return { ...sheet, ...freshState(sheet), id: 'c', guildId: 'g', ownerId: 'alice', active: true, ...state };
}

describe('the game master brings back a character whose death a fight wrote to its sheet (issue 23 item 4)', () => {
  it('2024: dead of exhaustion 6 at 0 HP comes back at the HP given, exhaustion 5, not unconscious, its spent slots still spent', () => {
    const character = dead({
      hp: 0,
      dead: true,
      tracks: { exhaustion: 6, fatigue: 0, strife: 0 },
      conditions: ['prone', 'unconscious'],
      slotsSpent: [1, 2],
    });
    expect(revivedState(getRuleSet('dnd2024'), character, 4)).toEqual({
      hp: 4,
      tempHp: 0,
      hitDiceLeft: 5,
      tracks: { exhaustion: 5, fatigue: 0, strife: 0 },
      conditions: ['prone'],
      dead: false,
      slotsSpent: [1, 2],
    });
  });

  it('the HP given is capped at the maximum; A5E fatigue, which dooms rather than kills, stays', () => {
    const character = dead({ hp: 0, dead: true, tracks: { exhaustion: 0, fatigue: 7, strife: 0 } });
    expect(revivedState(getRuleSet('a5e'), character, 400)).toMatchObject({ hp: 40, dead: false, tracks: { fatigue: 7 } });
  });
});
