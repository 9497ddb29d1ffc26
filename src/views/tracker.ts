import { rechargeRange } from './refusals';
import type { Combatant, Encounter, HealthBand } from '../combat/types';
import { armourClassOf, concentrationOf, isPrivateEffect } from '../combat/effects';
import { lairActing } from '../combat/lair';
import { afterRounds } from './change-notes';
import { getRuleSet } from '../rules';
import { RULESET_SUMMARIES } from '../rules/ids';
import type { ButtonRow, Embed, Reply } from './reply';
import { buttonId } from './button-ids';
import { shown } from './markdown';
import { COLORS, EMBED_LIMITS } from './embeds';
import { compactLabels, conditionLabels } from './condition-labels';

/** Who reads the tracker: the channel (hidden numbers kept back) or the game master. */
export type TrackerViewer = 'players' | 'game-master';

const CURRENT = '▶️';
const NOT_CURRENT = '▫️';
const LAIR = '🏰';
/** Characters of one tracker line given to what is on the combatant; `/condition list target:` shows all of it. */
const LABELS_BUDGET = 300;

/** How a combatant's health reads when its numbers are hidden. */
export function healthBand(combatant: Combatant, encounter: Pick<Encounter, 'ruleSet'>): HealthBand {
  if (combatant.rules.dead) return 'Dead';
  if (combatant.rules.hp <= 0) return 'Down';
  const ruleSet = getRuleSet(encounter.ruleSet);
  if (ruleSet.isBloodied(combatant.rules)) return 'Bloodied';
  // Without a Bloodied rule (2014) the band still tells a monster at half its hit points or below.
  if (!ruleSet.facts.bloodied && 2 * combatant.rules.hp <= ruleSet.maxHp(combatant.rules)) return 'Wounded';
  return 'Healthy';
}

function hitPoints(combatant: Combatant, encounter: Pick<Encounter, 'ruleSet'>): string {
  if (!combatant.hpKnown) return 'HP ?';
  const { hp, maxHp, tempHp } = combatant.rules;
  // Reductions and exhaustion lower the maximum the rule set lets healing reach.
  const effective = getRuleSet(encounter.ruleSet).maxHp(combatant.rules);
  const max = effective < maxHp ? `${effective} (of ${maxHp})` : `${maxHp}`;
  return `${hp}/${max} HP${tempHp > 0 ? ` (+${tempHp} temp)` : ''}`;
}

/** A hidden monster's tally is the game master's (Crown & Misery monsters make death saves): players read only that one is due. */
function deathSaves(combatant: Combatant, seesNumbers: boolean): string | null {
  const { rules } = combatant;
  if (rules.stable) return 'Stable';
  if (!seesNumbers) return combatant.deathSavePending ? 'Death save due' : null;
  const { successes, failures } = rules.deathSaves;
  if (successes === 0 && failures === 0 && !combatant.deathSavePending) return null;
  return `Death saves ✅ ${successes} ❌ ${failures}${combatant.deathSavePending ? ' (save due)' : ''}`;
}

/** Concentration saves waiting for their button, so a lost reply does not lose them; a hidden monster's DCs are the game master's. */
function pendingConcentration(combatant: Combatant, seesNumbers: boolean): string {
  const dcs = combatant.pendingConcentrationDcs;
  if (dcs.length === 0) return '';
  if (!seesNumbers) return ` (save${dcs.length > 1 ? 's' : ''} due)`;
  return ` (save${dcs.length > 1 ? 's' : ''} due: ${dcs.map((dc) => `DC ${dc}`).join(', ')})`;
}

/** What the combatant concentrates on, for the viewer: a hidden monster's that the table was not told of is the game master's. */
function concentrationShown(combatant: Combatant, encounter: Encounter, viewer: TrackerViewer): string | null {
  const name = combatant.rules.concentration;
  if (name === null || viewer === 'game-master') return name;
  const effect = concentrationOf(encounter, combatant.id);
  return effect !== undefined && isPrivateEffect(encounter, effect) ? null : name;
}

/** Legendary actions (a hidden monster's count is the game master's), recharging actions, lair, reaction, readied action, delay and surprise. */
function turnActions(combatant: Combatant, seesNumbers: boolean): string[] {
  const { legendary, lair, reactionUsed, reactionNote, readied, delayed, surprised } = combatant.actions;
  const parts: string[] = [];
  if (legendary !== null && seesNumbers) parts.push(`Legendary ${legendary.left}/${legendary.max}`);
  // A spent breath weapon is what the table watches for; a hidden monster's is the game master's to know.
  if (seesNumbers) combatant.monster?.recharging.forEach((r) => parts.push(`⟳ ${shown(r.action)} (${rechargeRange(r.recharge)})`));
  if (lair !== null) parts.push('🏰 Lair');
  if (surprised) parts.push('Surprised');
  if (reactionUsed) parts.push(`Reaction used${reactionNote === null ? '' : ` (${shown(reactionNote)})`}`);
  if (readied !== null) parts.push(`⏳ Ready: ${shown(readied)}`);
  if (delayed) parts.push('⏸️ Delaying');
  return parts;
}

/**
 * One combatant's line: initiative, name, health, AC, concentration, death saves, conditions. The
 * tracker finds the lair's turn once for all its lines (`lair`, null when it is nobody's), not once per line.
 */
export function combatantLine(
  combatant: Combatant,
  encounter: Encounter,
  viewer: TrackerViewer,
  lair: Combatant | null = lairActing(encounter) ?? null,
): string {
  const seesNumbers = viewer === 'game-master' || !combatant.hidden;
  const dead = combatant.rules.dead;
  const name = dead ? `~~${shown(combatant.name)}~~` : `**${shown(combatant.name)}**`;
  const marker = combatant.id === lair?.id ? LAIR : combatant.id === encounter.currentId && lair === null ? CURRENT : NOT_CURRENT;
  const parts = [
    `${marker} \`${String(combatant.initiative.total).padStart(2, ' ')}\` ${name}${viewer === 'game-master' && combatant.hidden ? ' (hidden)' : ''}`,
  ];
  if (dead) return [...parts, 'Dead'].join(' · ');
  parts.push(seesNumbers ? hitPoints(combatant, encounter) : healthBand(combatant, encounter));
  const armourClass = armourClassOf(encounter, combatant);
  if (seesNumbers && armourClass !== null) parts.push(`AC ${armourClass}`);
  const concentration = concentrationShown(combatant, encounter, viewer);
  if (concentration) parts.push(`🔮 ${shown(concentration)}${pendingConcentration(combatant, seesNumbers)}`);
  const saves = deathSaves(combatant, seesNumbers);
  if (saves) parts.push(saves);
  parts.push(...turnActions(combatant, seesNumbers));
  // A hidden monster's conditions are the game master's to know, like its numbers, unless shown.
  const states = conditionLabels(combatant, encounter, !seesNumbers, viewer === 'game-master');
  if (states.length > 0) parts.push(compactLabels(states, LABELS_BUDGET));
  return parts.join(' · ');
}

/** Where the fight stands: over, not started, a lair turn or a combatant's turn. The tracker and the live page both word it. */
export type TurnNow =
  | { kind: 'ended'; round: number }
  | { kind: 'waiting'; combatants: number }
  | { kind: 'lair'; round: number; combatant: Combatant }
  | { kind: 'turn'; round: number; combatant: Combatant };

export function turnNow(encounter: Encounter): TurnNow {
  if (encounter.endedAt) return { kind: 'ended', round: encounter.round };
  const current = encounter.combatants.find((combatant) => combatant.id === encounter.currentId);
  const lair = lairActing(encounter);
  if (lair !== undefined) return { kind: 'lair', round: encounter.round, combatant: lair };
  if (encounter.round === 0 || !current) return { kind: 'waiting', combatants: encounter.combatants.length };
  return { kind: 'turn', round: encounter.round, combatant: current };
}

function heading(encounter: Encounter): string {
  const now = turnNow(encounter);
  switch (now.kind) {
    case 'ended':
      return `Ended ${afterRounds(now.round)}.`;
    case 'lair':
      return `Round **${now.round}** · **${shown(now.combatant.name)}**'s lair turn (initiative 20)`;
    case 'waiting':
      return now.combatants === 0
        ? 'Waiting for combatants: `/init add` for monsters, `/init join` for players.'
        : 'Not started yet: **Next turn** starts round 1.';
    case 'turn':
      return `Round **${now.round}** · **${shown(now.combatant.name)}**'s turn`;
  }
}

/**
 * The order as lines that fit Discord's description limit. With too many combatants to show, the
 * lines around the current turn stay and the rest are counted.
 */
export function fitOrder(lines: readonly string[], currentIndex: number, budget: number): string[] {
  const size = (line: string): number => line.length + 1;
  if (lines.reduce((sum, line) => sum + size(line), 0) <= budget) return [...lines];
  // Leave room for the two "… more" lines.
  const room = budget - 60;
  let first = Math.max(0, currentIndex);
  let last = first;
  let used = size(lines[first] ?? '');
  for (let grew = true; grew;) {
    grew = false;
    for (const candidate of [last + 1, first - 1]) {
      const line = lines[candidate];
      if (line === undefined || used + size(line) > room) continue;
      used += size(line);
      if (candidate > last) last = candidate;
      else first = candidate;
      grew = true;
    }
  }
  const shown = lines.slice(first, last + 1);
  if (first > 0) shown.unshift(`… ${first} more above`);
  if (last < lines.length - 1) shown.push(`… ${lines.length - 1 - last} more below`);
  return shown;
}

export function trackerEmbed(encounter: Encounter, viewer: TrackerViewer): Embed {
  const lair = lairActing(encounter) ?? null;
  const lines = encounter.combatants.map((combatant) => combatantLine(combatant, encounter, viewer, lair));
  const head = heading(encounter);
  const currentIndex = encounter.combatants.findIndex((combatant) => combatant.id === encounter.currentId);
  const order = fitOrder(lines, currentIndex, EMBED_LIMITS.description - head.length - 2);
  return {
    title: `⚔️ ${shown(encounter.name)}`.slice(0, EMBED_LIMITS.title),
    description: [head, '', ...order].join('\n').trimEnd(),
    color: encounter.endedAt ? COLORS.neutral : COLORS.info,
    footer: `${RULESET_SUMMARIES[encounter.ruleSet].name} rules · Game master: ${encounter.gameMasterName}`,
  };
}

function trackerButtons(encounter: Pick<Encounter, 'id'>): ButtonRow[] {
  return [
    {
      buttons: [
        { customId: buttonId({ command: 'init', action: 'prev', encounterId: encounter.id }), label: 'Previous turn', style: 'secondary' },
        { customId: buttonId({ command: 'init', action: 'next', encounterId: encounter.id }), label: 'Next turn', style: 'primary' },
      ],
    },
  ];
}

/** The message pinned in the channel; an ended encounter's keeps its last state without buttons. */
export function trackerMessage(encounter: Encounter): Reply {
  return {
    embeds: [trackerEmbed(encounter, 'players')],
    components: encounter.endedAt ? [] : trackerButtons(encounter),
  };
}
