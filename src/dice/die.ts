/** One rolled die and the faces it showed. */

/** One face a die showed. A die shows several when rerolled; only the last counts. */
export interface Roll {
  natural: number;
  /** Differs from `natural` after `mi`/`ma`. */
  value: number;
  rerolled: boolean;
  exploded: boolean;
}

export interface RolledDie {
  rolls: Roll[];
  /** The last roll's value. */
  value: number;
  kept: boolean;
}

/**
 * A die as the engine rolls it. Almost every die shows one face and keeps it, so it is one small
 * object: its list of rolls is made only when a reroll or `mi`/`ma` changes it, or when someone
 * reads it. A thousand dice used to cost four thousand objects.
 */
export class Die implements RolledDie {
  kept = true;
  value: number;
  /** Whether its one face exploded, until it has a list of rolls. */
  private firstExploded = false;
  private history: Roll[] | null = null;

  /**
   * No separate field for the first face: every change to the value goes through the list of rolls,
   * so until there is one, `value` is that face (a field fewer on each of up to a thousand dice).
   */
  constructor(first: number) {
    this.value = first;
  }

  get rolls(): Roll[] {
    this.history ??= [{ natural: this.value, value: this.value, rerolled: false, exploded: this.firstExploded }];
    return this.history;
  }

  /** The one face it showed, not rerolled or changed by `mi`/`ma`; null once it was. */
  get plainFace(): number | null {
    return this.history === null ? this.value : null;
  }

  /** Whether the plain face exploded. */
  get plainExploded(): boolean {
    return this.history === null && this.firstExploded;
  }

  reroll(natural: number): void {
    const next: Roll = { natural, value: natural, rerolled: false, exploded: false };
    if (this.history === null) {
      // Both rolls at once: a list grown by `push` from one roll reserves room for eighteen.
      this.history = [{ natural: this.value, value: this.value, rerolled: true, exploded: this.firstExploded }, next];
    } else {
      this.lastRoll().rerolled = true;
      this.history.push(next);
    }
    this.value = natural;
  }

  markExploded(): void {
    if (this.history === null) this.firstExploded = true;
    else this.lastRoll().exploded = true;
  }

  /** `mi`/`ma`: the die counts `value` instead of the face it shows. */
  force(value: number): void {
    this.lastRoll().value = value;
    this.value = value;
  }

  /** The roll that counts: a die always has the one it was made with. */
  lastRoll(): Roll {
    const rolls = this.rolls;
    const last = rolls[rolls.length - 1];
    if (last === undefined) throw new Error('A die without a roll');
    return last;
  }
}

/**
 * The sum of the kept dice. Its own loop rather than one shared with set elements: a loop that
 * only ever sees dice reads them quickly, one that sees every kind of rolled node does not.
 */
export function keptTotal(dice: readonly Die[]): number {
  let sum = 0;
  for (const die of dice) if (die.kept) sum += die.value;
  return sum;
}
