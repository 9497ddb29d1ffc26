/** A rolled dice term. */
import type { DiceNode } from './ast';
import { Die } from './die';
import type { RolledDice } from './rolled';

/** The faces of a term that has its dice: one shared empty list rather than a new one on every roll. */
const NO_FACES: readonly number[] = [];

/**
 * A dice term as the engine rolls it. A term without operators (`3d6`, `100d6`: most of them) keeps
 * just its faces, and makes its `Die` objects only when something asks for `dice`, such as keep or
 * drop on parentheses around it: a hundred dice are one list of numbers, not a hundred objects.
 */
export class DiceTerm implements RolledDice {
  readonly type = 'dice';
  kept = true;
  value: number;
  private made: Die[] | null;

  private constructor(
    readonly node: DiceNode,
    private readonly faces: readonly number[],
    dice: Die[] | null,
    value: number,
  ) {
    this.made = dice;
    this.value = value;
  }

  /** A term no operator touched: its faces and their sum. */
  static ofFaces(node: DiceNode, faces: readonly number[], sum: number): DiceTerm {
    return new DiceTerm(node, faces, null, sum);
  }

  static ofDice(node: DiceNode, dice: Die[], value: number): DiceTerm {
    return new DiceTerm(node, NO_FACES, dice, value);
  }

  get dice(): Die[] {
    this.made ??= this.faces.map((face) => new Die(face));
    return this.made;
  }

  get plainFaces(): readonly number[] | null {
    return this.made === null ? this.faces : null;
  }
}
