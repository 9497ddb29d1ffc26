import { rollDamage } from '../../../src/combat/damage-amount';
import { createSeededRandom } from '../../../src/dice';
import { refusalOf } from './support';

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
});
