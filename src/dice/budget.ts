import { RollFailure } from './failure';
import { MAX_DICE, MAX_WORK, withCommas } from './limits';

/**
 * What one roll may cost, counted as it runs: every die rolled and every pool member a selector
 * looks at. Counting dice alone let a short input do quadratic work over a thousand dice.
 */
export class WorkBudget {
  private dice = 0;
  private work = 0;

  get diceRolled(): number {
    return this.dice;
  }

  /** Call before rolling `count` dice: a term without operators pays for all of its dice at once. */
  rollDice(count = 1): void {
    this.dice += count;
    if (this.dice > MAX_DICE) {
      throw new RollFailure(`That rolls more than ${MAX_DICE} dice (counting rerolls and explosions).`);
    }
    this.spend(count);
  }

  /** Call before a step that looks at `units` pool members. */
  spend(units: number): void {
    this.work += units;
    if (this.work > MAX_WORK) {
      throw new RollFailure(
        `That roll takes too much work (over ${withCommas(MAX_WORK)} steps of rolling and selecting dice); use fewer dice or operators.`,
      );
    }
  }
}
