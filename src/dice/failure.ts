/** A mistake only rolling reveals (division by zero, a reroll that never ends, too much work). */
export class RollFailure extends Error {}
