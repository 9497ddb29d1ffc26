import { parseActionText } from '../../../scripts/compendium/actions';
import { newFindings } from '../../../scripts/compendium/text';

const parse = (desc: string, names: string[] = [], name = 'Action') =>
  parseActionText(desc, { name, actionNames: names, meleeActions: names, rangedActions: [], findings: newFindings() });

describe('reading an action from its text', () => {
  it.each([
    [
      'a 2024 attack with a size-gated grapple',
      'Melee Attack Roll: +6, reach 5 ft. 10 (2d6 + 3) Piercing damage. If the target is a Large or smaller creature, it has the Grappled condition (escape DC 13) from both claws.',
      {
        attack: { kind: 'melee', bonus: 6, reach: 5 },
        damage: [{ dice: '2d6+3', type: 'piercing' }],
        conditions: [{ condition: 'grappled', escapeDc: 13, maxSize: 'large' }],
      },
    ],
    [
      'a situational extra die stays out and makes it partial',
      'Melee Attack Roll: +4, reach 5 ft. 5 (1d6 + 2) Slashing damage, plus 2 (1d4) Slashing damage if the attack roll had Advantage.',
      { attack: { kind: 'melee', bonus: 4, reach: 5 }, damage: [{ dice: '1d6+2', type: 'slashing' }], partial: true },
    ],
    [
      'a 5.1 ranged attack with a long range',
      'Ranged Weapon Attack: +4 to hit, range 80/320 ft., one target. Hit: 5 (1d6 + 2) piercing damage.',
      { attack: { kind: 'ranged', bonus: 4, range: 80, longRange: 320 }, damage: [{ dice: '1d6+2', type: 'piercing' }] },
    ],
    [
      'a 5.1 bite with a poison save for half',
      'Melee Weapon Attack: +6 to hit, reach 5 ft., one creature. Hit: 7 (1d8 + 3) piercing damage, and the target must make a DC 11 Constitution saving throw, taking 9 (2d8) poison damage on a failed save, or half as much damage on a successful one.',
      {
        attack: { kind: 'melee', bonus: 6, reach: 5 },
        damage: [{ dice: '1d8+3', type: 'piercing' }],
        partial: true,
      },
    ],
    [
      'a 5.1 knock-prone rider',
      'Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 7 (1d8 + 3) bludgeoning damage. If the target is a creature, it must succeed on a DC 13 Strength saving throw or be knocked prone.',
      {
        attack: { kind: 'melee', bonus: 5, reach: 5 },
        damage: [{ dice: '1d8+3', type: 'bludgeoning' }],
        then: { save: { ability: 'str', dc: 13 }, conditions: [{ condition: 'prone' }] },
      },
    ],
    [
      'a 2024 gaze that frightens until the end of the source’s next turn',
      "Wisdom Saving Throw: DC 14, one creature the pirate can see within 30 feet. Failure: The target has the Charmed condition until the start of the pirate's next turn.",
      {
        save: { ability: 'wis', dc: 14 },
        targets: 1,
        conditions: [{ condition: 'charmed', duration: { kind: 'turn', whose: 'source', boundary: 'start' } }],
      },
    ],
    [
      'a 2024 save that repeats and times out',
      'Wisdom Saving Throw: DC 10, one creature within 20 feet. Failure: The target has the Frightened condition. At the end of each of its turns, the target repeats the save, ending the effect on itself on a success. After 1 minute, it succeeds automatically.',
      {
        save: { ability: 'wis', dc: 10 },
        targets: 1,
        conditions: [{ condition: 'frightened', repeatSave: 'end', duration: { kind: 'minutes', count: 1 } }],
      },
    ],
    [
      'a 5.1 line breath',
      'The dragon exhales acid in a 60-foot line that is 5 feet wide. Each creature in that line must make a DC 18 Dexterity saving throw, taking 54 (12d8) acid damage on a failed save, or half as much damage on a successful one.',
      {
        save: { ability: 'dex', dc: 18, onSuccess: 'half' },
        damage: [{ dice: '12d8', type: 'acid' }],
        area: { shape: 'line', size: 60, width: 5 },
      },
    ],
    [
      "a stray space in 5.1's numbers (the Copper Dragon Wyrmling's Slowing Breath)",
      'The dragon exhales gas in a 1 5-foot cone. Each creature in that area must succeed on a DC 11 Constitution saving throw.',
      { area: { shape: 'cone', size: 15 }, save: { ability: 'con', dc: 11 } },
    ],
    ['movement alone is not automated', 'The troll moves up to half its Speed straight toward an enemy it can see.', { manual: true }],
    [
      "5.1's two breath weapons: each option read on its own, the pushing one partial",
      'The dragon uses one of the following breath weapons.\n**Lightning Breath.** The dragon exhales lightning in a 40-foot line that is 5 feet wide. Each creature in that line must make a DC 12 Dexterity saving throw, taking 16 (3d10) lightning damage on a failed save, or half as much damage on a successful one.\n**Repulsion Breath.** The dragon exhales repulsion energy in a 30-foot cone. Each creature in that area must succeed on a DC 12 Strength saving throw. On a failed save, the creature is pushed 30 feet away from the dragon.',
      {
        options: [
          {
            name: 'Lightning Breath',
            area: { shape: 'line', size: 40, width: 5 },
            save: { ability: 'dex', dc: 12, onSuccess: 'half' },
            damage: [{ dice: '3d10', type: 'lightning' }],
          },
          { name: 'Repulsion Breath', area: { shape: 'cone', size: 30 }, save: { ability: 'str', dc: 12 }, partial: true },
        ],
        partial: true,
      },
    ],
    [
      "5.1's list marks before each option",
      'The dragon uses one of the following breath weapons:\n\n- **Fire Breath.** The dragon exhales fire in an 20-foot line that is 5 feet wide. Each creature in that line must make a DC 11 Dexterity saving throw, taking 14 (4d6) fire damage on a failed save, or half as much damage on a successful one.\n- **Sleep Breath.** The dragon exhales sleep gas in a 15-foot cone. Each creature in that area must succeed on a DC 11 Constitution saving throw or fall unconscious for 1 minute.',
      {
        options: [
          {
            name: 'Fire Breath',
            area: { shape: 'line', size: 20, width: 5 },
            save: { ability: 'dex', dc: 11, onSuccess: 'half' },
            damage: [{ dice: '4d6', type: 'fire' }],
          },
          {
            name: 'Sleep Breath',
            area: { shape: 'cone', size: 15 },
            save: { ability: 'con', dc: 11 },
            conditions: [{ condition: 'unconscious', duration: { kind: 'minutes', count: 1 } }],
          },
        ],
      },
    ],
  ])('%s', (_, desc, expected) => {
    expect(parse(desc)).toEqual(expected);
  });

  it.each([
    ['The dragon makes three Rend attacks.', ['Rend'], { steps: [{ actions: ['Rend'], count: 3 }] }],
    [
      'The dragon can use its Frightful Presence. It then makes three attacks: one with its bite and two with its claws.',
      ['Frightful Presence', 'Bite', 'Claw'],
      {
        steps: [
          { actions: ['Frightful Presence'], count: 1 },
          { actions: ['Bite'], count: 1 },
          { actions: ['Claw'], count: 2 },
        ],
      },
    ],
    [
      'The pirate makes three attacks, using Rapier or Pistol in any combination.',
      ['Rapier', 'Pistol'],
      { steps: [{ actions: ['Rapier', 'Pistol'], count: 3 }] },
    ],
    [
      'The chimera makes one Ram attack, one Bite attack, and one Claw attack. It can replace the Claw attack with a use of Fire Breath if available.',
      ['Ram', 'Bite', 'Claw', 'Fire Breath'],
      {
        steps: [
          { actions: ['Ram'], count: 1 },
          { actions: ['Bite'], count: 1 },
          { actions: ['Claw'], count: 1 },
        ],
        replace: { count: 1, actions: ['Fire Breath'] },
      },
    ],
  ])('multiattack: %s', (desc, names, multiattack) => {
    expect(parse(desc, names, 'Multiattack')).toEqual({ multiattack });
  });

  it("a multiattack with an alternative set of attacks runs the first set, the other is the game master's", () => {
    expect(
      parse(
        'The centaur makes two attacks: one with its pike and one with its hooves or two with its longbow.',
        ['Pike', 'Hooves', 'Longbow'],
        'Multiattack',
      ),
    ).toEqual({
      multiattack: {
        steps: [
          { actions: ['Pike'], count: 1 },
          { actions: ['Hooves'], count: 1 },
        ],
      },
      partial: true,
    });
  });
});
