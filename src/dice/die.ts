/** One rolled die and the faces it showed. */

/**
 * A die as the engine rolls it. Almost every die shows one face and keeps it, so it is one small
 * object: its value is that face. A reroll or `mi`/`ma` gives it a list of the faces it showed, as
 * plain numbers rather than an object per face (a rerolled die cost three objects, and each later
 * reroll one more).
 */
export class Die {
  kept = true;
  /** What the die counts: its last face, or the number `mi`/`ma` put in its place. */
  value: number;
  /** Whether its one face exploded, until it has a list of faces. */
  private firstExploded = false;
  private shown: number[] | null = null;
  private counted: number[] | null = null;

  constructor(first: number) {
    this.value = first;
  }

  /**
   * Every face it showed, in order, each negated when it exploded (faces are at least 1): all but
   * the last were rerolled. Null while it showed one face, which is then its value.
   */
  get history(): readonly number[] | null {
    return this.shown;
  }

  /** What each face in `history` counted as, once `mi`/`ma` changed one; null until then. */
  get forced(): readonly number[] | null {
    return this.counted;
  }

  /** Whether its one face exploded, while it has no history. */
  get plainExploded(): boolean {
    return this.firstExploded;
  }

  reroll(natural: number): void {
    // Both faces at once: a list grown by `push` from one face reserves room for eighteen.
    if (this.shown === null) this.shown = [this.firstExploded ? -this.value : this.value, natural];
    else this.shown.push(natural);
    this.counted?.push(natural);
    this.value = natural;
  }

  markExploded(): void {
    const faces = this.shown;
    if (faces === null) {
      this.firstExploded = true;
      return;
    }
    const last = faces.length - 1;
    faces[last] = -Math.abs(faces[last] ?? 0);
  }

  /** `mi`/`ma`: the die counts `value` instead of the face it shows. */
  force(value: number): void {
    if (this.shown === null) {
      this.shown = [this.firstExploded ? -this.value : this.value];
      this.counted = [value];
    } else {
      const counted = (this.counted ??= this.shown.map(Math.abs));
      counted[counted.length - 1] = value;
    }
    this.value = value;
  }

  /** The face that counts, before `mi`/`ma`: what "a natural 20" reads. */
  get lastFace(): number {
    const faces = this.shown;
    return faces === null ? this.value : Math.abs(faces[faces.length - 1] ?? 0);
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
