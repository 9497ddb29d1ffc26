import { RULESET_IDS, RULESET_SUMMARIES, type RuleSetId } from './ids';

/**
 * What each rule set does differently, row by row: the table of docs/rulesets.md (a test keeps the
 * two identical) and the list the rule-set settings view prints. "as 2024" and "same" point at the 2024 column.
 */
const RULESET_DIFFERENCES: readonly { label: string; values: Readonly<Record<RuleSetId, string>> }[] = [
  {
    label: 'Critical hit damage',
    values: {
      dnd2024: 'damage dice twice, modifiers once',
      dnd2014: 'damage dice twice, modifiers once',
      'crown-misery': 'roll normally, then double the total',
      'dnd-next': 'every die at its maximum, plus one extra weapon die',
      a5e: 'everything doubled, modifiers included',
    },
  },
  {
    label: 'Hits from 5 ft on Paralyzed / Unconscious',
    values: {
      dnd2024: 'critical',
      dnd2014: 'critical',
      'crown-misery': 'critical',
      'dnd-next': 'normal hit',
      a5e: 'critical',
    },
  },
  {
    label: 'Lowest hit points',
    values: {
      dnd2024: '0',
      dnd2014: '0',
      'crown-misery': '0',
      'dnd-next': 'below 0: dying until −(Con score + level)',
      a5e: '0',
    },
  },
  {
    label: 'Instant death',
    values: {
      dnd2024: 'damage left over at 0 HP ≥ max HP',
      dnd2014: 'damage left over at 0 HP ≥ max HP',
      'crown-misery': 'none: damage at 0 HP adds death-save failures',
      'dnd-next': 'at −(Con score + level)',
      a5e: 'a hit of 20 + 3 × level to 0 HP, or of 20 + level while at 0 HP: DC 15 Con save or die',
    },
  },
  {
    label: 'Death save',
    values: {
      dnd2024: 'd20, 10+',
      dnd2014: 'd20, 10+',
      'crown-misery': 'd20, 10+',
      'dnd-next': 'DC 10 Con save; a failure deals 1d6 damage',
      a5e: 'd20, 10+',
    },
  },
  {
    label: 'Natural 1 / 20 on a death save',
    values: {
      dnd2024: '2 failures / 1 HP',
      dnd2014: '2 failures / 1 HP',
      'crown-misery': '2 failures / 1 HP',
      'dnd-next': 'a plain failure / 1 HP',
      a5e: 'a failure + 1 fatigue + 1 strife / 1 HP',
    },
  },
  {
    label: 'Damage while at 0 HP',
    values: {
      dnd2024: '1 failure, 2 from a crit',
      dnd2014: '1 failure, 2 from a crit',
      'crown-misery': '1 failure, 2 from a crit',
      'dnd-next': 'lowers HP toward death',
      a5e: 'attacker picks a failure, fatigue or strife; a crit adds fatigue',
    },
  },
  {
    label: 'Who makes death saves',
    values: {
      dnd2024: 'PCs and creatures marked important; monsters die',
      dnd2014: 'same',
      'crown-misery': 'every creature at 0 HP, monsters too (unless the encounter began with `monsters-die:true`)',
      'dnd-next': 'same',
      a5e: 'same',
    },
  },
  {
    label: 'Stabilise',
    values: {
      dnd2024: 'DC 10 Wis (Medicine); 1 HP after 1d4 hours',
      dnd2014: 'DC 10; 1d4 hours',
      'crown-misery': 'DC 10; 1d4 hours',
      'dnd-next': 'DC 15 Wis; 1d8 hours',
      a5e: 'DC 10; 1d4 hours',
    },
  },
  {
    label: 'Knocked out',
    values: {
      dnd2024: '1 HP, Unconscious',
      dnd2014: '0 HP, stable',
      'crown-misery': '1 HP, Unconscious',
      'dnd-next': '0 HP, stable',
      a5e: '0 HP, stable, +1 fatigue',
    },
  },
  {
    label: 'Temporary hit points',
    values: {
      dnd2024: 'yes, never stacked',
      dnd2014: 'yes',
      'crown-misery': 'yes',
      'dnd-next': 'yes, as 2014 (the playtest is silent)',
      a5e: 'yes',
    },
  },
  {
    label: 'Concentration save from damage',
    values: {
      dnd2024: 'DC max(10, half), at most 30',
      dnd2014: 'DC max(10, half)',
      'crown-misery': 'DC max(10, half), at most 30',
      'dnd-next': 'none (long castings: DC half the damage)',
      a5e: 'DC max(10, half)',
    },
  },
  {
    label: 'Exhaustion-type track',
    values: {
      dnd2024: 'Exhaustion 1–6: −2 per level on d20 tests, −5 ft speed per level, death at 6',
      dnd2014: 'Exhaustion 1–6 table: checks, speed halved, attacks and saves, max HP halved, speed 0, death',
      'crown-misery': 'as 2024',
      'dnd-next': 'none',
      a5e: 'Fatigue 1–7 (Doomed at 7) and Strife 1–7',
    },
  },
  {
    label: 'Conditions only here',
    values: {
      dnd2024: '—',
      dnd2014: '—',
      'crown-misery': '—',
      'dnd-next': 'Intoxicated, Ethereal, Encumbered',
      a5e: 'Bloodied, Confused, Doomed, Encumbered, Rattled, Slowed',
    },
  },
  {
    label: 'Conditions that include others',
    values: {
      dnd2024: 'Unconscious: Incapacitated and Prone; Paralyzed, Petrified, Stunned: Incapacitated; Prone stays on waking',
      dnd2014: 'as 2024',
      'crown-misery': 'as 2024',
      'dnd-next': 'Unconscious and Paralyzed: Prone; no Incapacitated condition',
      a5e: 'as 2024',
    },
  },
  {
    label: 'Prone',
    values: {
      dnd2024: 'disadvantage on its attacks',
      dnd2014: 'disadvantage on its attacks',
      'crown-misery': 'as 2024',
      'dnd-next': '−2 on its attacks; ranged attacks from beyond 10 ft at disadvantage',
      a5e: 'disadvantage on its melee attacks only',
    },
  },
  {
    label: 'Stunned',
    values: {
      dnd2024: 'can still move',
      dnd2014: "can't move",
      'crown-misery': 'as 2024',
      'dnd-next': "can't move",
      a5e: "can't move",
    },
  },
  {
    label: 'Dodge',
    values: {
      dnd2024: 'attackers at disadvantage, Dex saves at advantage',
      dnd2014: 'same',
      'crown-misery': 'same',
      'dnd-next': '+4 AC and Dex saves',
      a5e: 'same as 2024',
    },
  },
  {
    label: 'Cover',
    values: {
      dnd2024: '+2 / +5',
      dnd2014: '+2 / +5',
      'crown-misery': '+2 / +5, best only',
      'dnd-next': '+2 / +5 from the far side only',
      a5e: '+2 / +5, also to hide',
    },
  },
  {
    label: 'Initiative',
    values: {
      dnd2024: 'Dex; advantage if Invisible, disadvantage if Incapacitated or surprised; optional score 10 + Dex (±5)',
      dnd2014: 'Dex',
      'crown-misery': 'as 2024',
      'dnd-next': 'Dex',
      a5e: 'Dex or the ability the GM calls for',
    },
  },
  {
    label: 'Initiative ties',
    values: {
      dnd2024: 'higher modifier, then a d20 roll-off',
      dnd2014: 'higher modifier, then a d20 roll-off',
      'crown-misery': 'as 2024',
      'dnd-next': 'd20 roll-off',
      a5e: 'd20 roll-off',
    },
  },
  {
    label: 'Surprise',
    values: {
      dnd2024: 'disadvantage on the initiative roll, nothing more',
      dnd2014: 'no disadvantage; the first turn is lost, and no reaction until it has passed',
      'crown-misery': 'as 2024',
      'dnd-next': 'no disadvantage; the first turn is lost, and no reaction until it has passed',
      a5e: 'no disadvantage; the first turn is lost, and no reaction until it has passed',
    },
  },
  {
    label: 'Delay',
    values: {
      dnd2024: 'none: ready an action instead',
      dnd2014: 'out of the order until it acts, then keeps that place',
      'crown-misery': 'as 2024',
      'dnd-next': 'out of the order until it acts, then keeps that place',
      a5e: 'out of the order until it acts, then keeps that place',
    },
  },
  {
    label: 'Readied action',
    values: {
      dnd2024: 'spends the reaction; the order stays',
      dnd2014: 'spends the reaction; the order stays',
      'crown-misery': 'as 2024',
      'dnd-next': "spends the reaction; the creature then acts just before the trigger's turn",
      a5e: 'spends the reaction; the order stays',
    },
  },
  {
    label: 'Heroic Inspiration',
    values: {
      dnd2024: 'yes: reroll one die',
      dnd2014: 'no',
      'crown-misery': 'yes',
      'dnd-next': 'no',
      a5e: 'no',
    },
  },
  {
    label: 'Bloodied',
    values: {
      dnd2024: 'at half HP or less',
      dnd2014: '—',
      'crown-misery': 'at half HP or less',
      'dnd-next': 'only inside Experimental Rule 2 rests',
      a5e: 'at half HP or less (a condition)',
    },
  },
  {
    label: 'Short rest',
    values: {
      dnd2024: '1 hour, from at least 1 HP; Hit Dice: roll + Con, at least 1 each',
      dnd2014: '1 hour, even at 0 HP; roll + Con',
      'crown-misery': 'as 2024',
      'dnd-next': "10 minutes, even at 0 HP; Hit Dice only with a healer's kit (slower and experimental rules: a server's rest rules)",
      a5e: '1 hour, even at 0 HP; roll + Con',
    },
  },
  {
    label: 'Long rest',
    values: {
      dnd2024: 'from at least 1 HP: all HP, all Hit Dice, reduced max HP back, Exhaustion −1',
      dnd2014: 'all HP, half the Hit Dice (min 1), Exhaustion −1 if fed',
      'crown-misery': 'as 2024',
      'dnd-next': "all HP and all Hit Dice (slower and experimental rules: a server's rest rules)",
      a5e: 'all HP, half the Hit Dice (min 1); fatigue and strife −1, past the first level only at a Haven; 1 fatigue without Supply where the server counts it',
    },
  },
  {
    label: 'Skills',
    values: {
      dnd2024: 'the 18 of 5e',
      dnd2014: 'the 18 of 5e',
      'crown-misery': 'as 2024',
      'dnd-next': 'the 18 of 5e (the playtest names no list)',
      a5e: 'the 18 of 5e, plus Culture and Engineering (Int)',
    },
  },
  {
    label: 'Temporary HP at a long rest',
    values: {
      dnd2024: 'gone',
      dnd2014: 'gone',
      'crown-misery': 'gone',
      'dnd-next': 'gone',
      a5e: 'gone',
    },
  },
];

const POINTS_AT_2024 = new Set(['as 2024', 'same', 'same as 2024']);

/** The rows for one rule set, with references to the 2024 column resolved and absent rows left out. */
export function differencesFor(id: RuleSetId): { label: string; value: string }[] {
  return RULESET_DIFFERENCES.map(({ label, values }) => ({
    label,
    value: POINTS_AT_2024.has(values[id]) ? values.dnd2024 : values[id],
  })).filter((row) => row.value !== '—');
}

/** The Markdown table of docs/rulesets.md. */
export function differencesTable(): string {
  const header = `| | ${RULESET_IDS.map((id) => `\`${id}\` (${RULESET_SUMMARIES[id].name})`).join(' | ')} |`;
  const rule = `|${'---|'.repeat(RULESET_IDS.length + 1)}`;
  const body = RULESET_DIFFERENCES.map(({ label, values }) => `| **${label}** | ${RULESET_IDS.map((id) => values[id]).join(' | ')} |`);
  return [header, rule, ...body].join('\n');
}
