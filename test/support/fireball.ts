import { chain, eachOf, step, then } from '../../src/combat/compose';
import { halved, rollDamage } from '../../src/combat/damage-amount';
import { saveMade, savingThrow, takeDamage } from '../../src/combat/saving-throws';
import type { Change } from '../../src/combat/transition';

/** Five targets for an area effect, added as `Ogre` with `count:5`. */
export const OGRES = ['Ogre 1', 'Ogre 2', 'Ogre 3', 'Ogre 4', 'Ogre 5'];

/**
 * Fireball, written as the bestiary and spells will write a save-for-half effect: 8d6 fire rolled
 * once, then for each target a DC 15 Dexterity save, half the damage on a success; one change.
 */
export const fireball: Change<[readonly string[]]> = (encounter, context, targets) => {
  const damage = rollDamage('8d6 [fire]', context.random, null, null);
  return chain(
    eachOf(targets, (target) =>
      then(step(savingThrow, { target, ability: 'dex', dc: 15 }), (save) =>
        step(takeDamage, { target, amount: saveMade(save) ? halved(damage) : damage, source: null }),
      ),
    ),
  )(encounter, context);
};
