import { rollDamage } from '../../../src/combat/damage-amount';
import { createSeededRandom } from '../../../src/dice';
import { refusalOf } from './support';
import { resultReply } from '../../../src/views/encounter-replies';
import { encounter } from '../commands/init-fixtures';

describe('a damage amount of several types', () => {
  it('rolls its parts against one dice limit, as the same dice rolled whole would be', () => {
    expect(refusalOf(() => rollDamage('600d6 [fire] + 600d6 [cold]', createSeededRandom(1), null, null))).toBe(
      'Damage: That rolls more than 1000 dice (counting rerolls and explosions).',
    );
  });

  it('still rolls parts that fit the limit together, each with its own type', () => {
    const rolled = rollDamage('400d6 [fire] + 400d6 [cold]', createSeededRandom(1), null, null);
    expect(rolled.parts.map((part) => part.type)).toEqual(['fire', 'cold']);
    expect(rolled.total).toBe(rolled.parts.reduce((sum, part) => sum + part.amount, 0));
  });

  it('shows its parts together within what one roll may show, so its reply still says what it did', () => {
    const rolled = rollDamage('290d1000 [fire] + 290d1000 [cold] + 290d1000 [acid]', createSeededRandom(7), null, null);
    expect(rolled.roll?.rendered.length).toBeLessThanOrEqual(1_500 + 2 * ' + '.length);
  });

  it('a reply line too long for what is left is cut to it rather than dropped, and the lines after it counted', () => {
    const lines = ['Ogre takes 9 damage.', 'x'.repeat(5_000), 'It dies.'];
    const description = resultReply({ encounter: encounter([]), events: [] }, lines).embeds?.[0]?.description ?? '';
    const [first, cut, counted] = description.split('\n');
    expect([first, cut?.length, cut?.endsWith('x…'), counted]).toEqual(['Ogre takes 9 damage.', 4_056 - 21, true, '… and 1 more lines.']);
    expect(description.length).toBeLessThanOrEqual(4_096);
  });
});

describe('a damage text read again', () => {
  // Readings are kept per text: these catch one kept under the wrong key or changed by a roll.
  it('takes the fallback type of each roll, not of the first that read the text', () => {
    expect(rollDamage('2d6+3', createSeededRandom(1), 'fire', null).damageType).toBe('fire');
    expect(rollDamage('2d6+3', createSeededRandom(1), 'cold', null).damageType).toBe('cold');
    expect(rollDamage('2d6+3', createSeededRandom(1), null, null).damageType).toBeNull();
  });

  it('rolls the same dice after a critical hit as before it', () => {
    const plain = rollDamage('1d8+2 [slashing]', createSeededRandom(7), null, null);
    rollDamage('1d8+2 [slashing]', createSeededRandom(7), null, { kind: 'double-dice' });
    const again = rollDamage('1d8+2 [slashing]', createSeededRandom(7), null, null);
    expect(again.roll?.expression).toBe('1d8+2 [slashing]');
    expect(again.total).toBe(plain.total);
    expect(again.roll?.rendered).toBe(plain.roll?.rendered);
  });

  it('refuses a bad text each time it is read, as the first time', () => {
    for (let time = 0; time < 2; time += 1) {
      expect(refusalOf(() => rollDamage('2d6 [psychics]', createSeededRandom(1), null, null))).toMatch(/psychics/);
    }
  });
});
