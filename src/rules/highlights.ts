import type { RuleSetId } from './ids';

/**
 * What each rule set does differently, in a player's words: `/config show` lists these and
 * docs/rulesets.md tabulates them, from RULES.md section 1.
 */
const HIGHLIGHTS: Readonly<Record<RuleSetId, readonly string[]>> = {
  dnd2024: [
    'Critical hit: the damage dice are rolled twice.',
    'Death saves: d20, 10 or higher succeeds; three of either decide it.',
    'Concentration save DC: half the damage (at least 10, at most 30).',
    'Exhaustion: −2 to every D20 Test and −5 ft of speed per level; level 6 is death.',
    'Knocking a creature out leaves it at 1 HP.',
    'Long rest: all hit dice come back.',
  ],
  dnd2014: [
    'Critical hit: the damage dice are rolled twice.',
    'Death saves: d20, 10 or higher succeeds; three of either decide it.',
    'Concentration save DC: half the damage, at least 10.',
    'Exhaustion: the six-level table (disadvantage on checks, half speed, …, death).',
    'Knocking a creature out leaves it at 0 HP and stable.',
    'Long rest: half your hit dice come back (at least one).',
  ],
  'crown-misery': [
    'Everything as in the 2024 rules, except:',
    'Critical hit: the damage is rolled normally and the total is doubled.',
    'Rules the campaign text leaves out (concentration, exhaustion, conditions) follow 2024.',
  ],
  'dnd-next': [
    'Hit points can go negative; a creature dies at −(Constitution score + level).',
    'Death saves: a DC 10 Constitution save; a failure deals 1d6 damage; three successes stabilise.',
    'Critical hit: damage dice count as their maximum, plus one extra weapon die.',
    'Damage does not force concentration saves.',
    'A stable creature regains 1 HP after 1d8 hours; stabilising takes a DC 15 Wisdom check.',
  ],
  a5e: [
    'Critical hit: every number is doubled, modifiers included.',
    'Massive damage: 20 + 3 × level in one hit calls for a DC 15 Constitution save or death.',
    'Fatigue and strife: two seven-level tracks instead of exhaustion.',
    'A natural 1 on a death save adds a level of fatigue and of strife.',
    'Long rest: half your hit dice come back (at least one).',
  ],
};

export function rulesetHighlights(id: RuleSetId): readonly string[] {
  return HIGHLIGHTS[id];
}
