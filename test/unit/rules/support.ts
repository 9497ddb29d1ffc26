import type { RandomSource } from '../../../src/dice/random';
import { RULESET_IDS, type RuleSetId } from '../../../src/rules';
import type { RulesRefusal, RulesResult } from '../../../src/rules/types';
import { rulesRefusalText } from '../../../src/views/refusals';

/** A random source that returns the queued faces in order and fails the test if it runs dry. */
export function scripted(...faces: number[]): RandomSource & { left(): number } {
  const queue = [...faces];
  return {
    die(sides: number): number {
      const face = queue.shift();
      if (face === undefined) throw new Error(`scripted random ran out (asked for a d${sides})`);
      if (face < 1 || face > sides) throw new Error(`scripted face ${face} is not on a d${sides}`);
      return face;
    },
    left: () => queue.length,
  };
}

/** A source that must not be used: the mechanic under test rolls nothing. */
export const noDice: RandomSource = {
  die(sides: number): number {
    throw new Error(`unexpected d${sides} roll`);
  },
};

/** Rows for `it.each` over every rule set, with a per-rule-set expectation. */
export function perRuleSet<T>(expected: Record<RuleSetId, T>): [RuleSetId, T][] {
  return RULESET_IDS.map((id) => [id, expected[id]]);
}

/** What the user is told of a refused rules result, in the views' words; null when it was not refused. */
export function refused(result: RulesResult<unknown, RulesRefusal>): string | null {
  return result.ok ? null : rulesRefusalText(result.reason);
}
