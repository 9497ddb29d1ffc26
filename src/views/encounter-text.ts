import { afterRounds } from './change-notes';
import { numberedRange } from '../combat/roster';
import { sampleOf } from '../combat/targets';
import { shown } from './markdown';
import { listed, rechargeRange } from './refusals';
import { castLevelInWords, ordinal } from './spell-levels';
import { its } from './pronouns';
import { unworded } from './unworded';
import { attackSentence } from './attack-text';
import {
  concentrationSaveSentence,
  effectStartedSentence,
  repeatSaveDueSentence,
  repeatSaveSentence,
  saveRolledSentence,
} from './condition-text';
import type { CombatantRef, Encounter, EncounterEvent, EncounterOptions, InitiativeInfo } from '../combat/types';
import type { RulesEvent } from '../rules/types';
import {
  consequenceSentences,
  describeDamage,
  describeDeathSave,
  describeHealing,
  describeTempHp,
  listInWords,
  title,
  type Subject,
} from './encounter-rules-text';

/** Replies go to the whole channel: a hidden monster's numbers stay out of them, but for the game master's copy. */
function subjectOf(combatant: CombatantRef, forGameMaster: boolean): Subject {
  return { name: shown(combatant.name), isPlayerCharacter: combatant.isPlayerCharacter, showNumbers: forGameMaster || !combatant.hidden };
}

function signed(value: number): string {
  return value < 0 ? `− ${-value}` : `+ ${value}`;
}

/**
 * "**Adult Red Dragon** uses **Fire Breath** (recharge 5–6)." A hidden monster's recharge and uses
 * left are the game master's to know, as in the tracker.
 */
function monsterActionSentence(event: Extract<EncounterEvent, { kind: 'monster-action' }>, forGameMaster: boolean): string {
  const notes: string[] = [];
  const seesNumbers = forGameMaster || !event.combatant.hidden;
  if (event.recharge !== null && seesNumbers) notes.push(`recharge ${rechargeRange(event.recharge)}`);
  if (event.usesLeft !== null && seesNumbers) {
    notes.push(event.perDay === null ? `${event.usesLeft} left before a rest` : `${event.usesLeft} of ${event.perDay} a day left`);
  }
  if (event.partial === true) notes.push("in part: the rest of the block is the game master's");
  const aside = notes.length === 0 ? '' : ` (${notes.join('; ')})`;
  return `**${shown(event.combatant.name)}** uses **${shown(event.action)}**${aside}.`;
}

/** "**Elara** casts **Fireball** (3rd level; 1 of 2 3rd-level slots left)." A hidden caster's slots are not its to tell. */
function spellCastSentence(event: Extract<EncounterEvent, { kind: 'spell-cast' }>): string {
  const notes = [castLevelInWords(event.level)];
  if (event.slotsLeft !== null && !event.combatant.hidden) {
    notes.push(`${event.slotsLeft.left} of ${event.slotsLeft.total} ${ordinal(event.level)}-level slots left`);
  }
  if (event.ongoing === 'rolled')
    return `**${shown(event.combatant.name)}**'s **${shown(event.spell)}** deals its ongoing damage (${castLevelInWords(event.level)}).`;
  const manual = event.automated || event.ongoing === 'offered' ? '' : " The bot rolls nothing for it: its effects are the table's to run.";
  const later =
    event.ongoing === 'offered' ? ` Its later damage, each time it comes: \`/cast spell:${event.spell} ongoing:true target:…\`.` : '';
  const partial = event.partial === true ? " The bot runs its rolls; the rest of the spell is the table's to run." : '';
  const [given, ...others] = [...(event.conditionChoice ?? []).map(title), ...(event.optionChoice ?? []).map(shown)];
  const choice =
    given === undefined || others.length === 0
      ? ''
      : ` It gives ${given}, the first of the caster's choice (${[given, ...others].join(' or ')}): \`/condition\` changes it.`;
  return `**${shown(event.combatant.name)}** casts **${shown(event.spell)}** (${notes.join('; ')}).${manual}${partial}${choice}${later}`;
}

/** "Adult Red Dragon rolls 5 for Fire Breath (recharge 5–6): it is ready again." */
function rechargeSentence(event: Extract<EncounterEvent, { kind: 'recharge-rolled' }>): string {
  const outcome = event.recharged ? 'it is ready again' : 'still spent';
  return `${shown(event.combatant.name)} rolls ${event.roll} for ${shown(event.action)} (recharge ${rechargeRange(event.needed)}): ${outcome}.`;
}

/** "14 (d20 12 + 2)", "17 (d20 15, 3 with advantage + 2)", "15 (given)". */
export function initiativeInWords(initiative: InitiativeInfo): string {
  if (initiative.given) return `${initiative.total} (given)`;
  if (initiative.rolls.length === 0) return `${initiative.total} (score)`;
  const mode = initiative.mode === 'normal' ? '' : ` with ${initiative.mode}`;
  const modifier = initiative.modifier === 0 ? '' : ` ${signed(initiative.modifier)}`;
  return `${initiative.total} (d20 ${initiative.rolls.join(', ')}${mode}${modifier})`;
}

export function optionsInWords(options: EncounterOptions): string {
  const death = options.autoDeathSaves ? 'rolled when the turn starts' : 'rolled with a button by the player';
  const concentration = options.autoConcentrationSaves ? 'rolled at once' : 'rolled with a button';
  const monsters = options.monstersDie ? ' Monsters die at 0 HP; only player characters and important creatures make death saves.' : '';
  return `Death saves are ${death}; concentration saves are ${concentration}.${monsters}`;
}

type RulesEntry = Extract<EncounterEvent, { kind: 'rules' }>;

/** The rules events right after `start` that are about the same combatant. */
function rulesRun(events: readonly EncounterEvent[], start: number, combatantId: string): RulesEntry[] {
  const run: RulesEntry[] = [];
  for (let index = start; index < events.length; index += 1) {
    const event = events[index];
    if (event?.kind !== 'rules' || event.combatant.id !== combatantId) break;
    run.push(event);
  }
  return run;
}

function rulesSentence(subject: Subject, events: readonly RulesEvent[]): string {
  const kinds = new Set(events.map((event) => event.kind));
  if (kinds.has('healed') || kinds.has('cannot-heal-dead')) return describeHealing(subject, events);
  if (kinds.has('temp-hp-set') || kinds.has('temp-hp-kept')) return describeTempHp(subject, events);
  return consequenceSentences(subject, events, true).join(' ');
}

function tallyOf(encounter: Encounter, combatantId: string): { successes: number; failures: number } {
  return encounter.combatants.find((combatant) => combatant.id === combatantId)?.rules.deathSaves ?? { successes: 0, failures: 0 };
}

function effectEndedSentence(event: Extract<EncounterEvent, { kind: 'effect-ended' }>): string | null {
  const name = shown(event.effect.name);
  const who = event.combatant === null ? undefined : shown(event.combatant.name);
  if (event.effect.kind === 'concentration') {
    switch (event.reason) {
      case 'save-failed':
        // The failed save's own sentence already says so.
        return null;
      case 'broken':
        return who ? `${who} loses concentration on ${name}.` : `Concentration on ${name} ends.`;
      case 'dropped':
      case 'replaced':
        return who ? `${who} stops concentrating on ${name}.` : `Concentration on ${name} ends.`;
      default:
        return who ? `${who}'s concentration on ${name} ends.` : `Concentration on ${name} ends.`;
    }
  }
  const ends = who ? `${name} on ${who} ends` : `${name} ends`;
  switch (event.reason) {
    case 'concentration-ended':
      return event.source ? `${ends} (${event.source.name}'s concentration ended).` : `${ends}.`;
    case 'saved':
      // The repeat save's own sentence already says so.
      return null;
    default:
      return `${ends}.`;
  }
}

/** Past this many characters a group's hit point rolls are shown as totals, so the reply stays whole. */
const HP_ROLLS_MAX_LENGTH = 1500;

/** "🎲 Goblin 1's HP: 2d6 (3, 4) = `7`", one line per creature. */
function hpRolledLines(rolled: readonly Extract<EncounterEvent, { kind: 'hp-rolled' }>[]): string[] {
  const first = rolled[0];
  if (first === undefined) return [];
  const full = rolled.map((e) => `🎲 ${shown(e.combatant.name)}'s HP: ${e.roll.rendered}`);
  if (full.join('\n').length <= HP_ROLLS_MAX_LENGTH) return full;
  const totals = rolled.map((e) => `${shown(e.combatant.name)} ${e.roll.total}`).join(', ');
  return [`🎲 HP rolled as ${shown(first.roll.expression)} for each: ${totals}.`];
}

/** A creature type as one creature is of it: "undead", "a construct", "an elemental". */
function aCreatureOf(type: string): string {
  if (type === 'undead') return type;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** A creature type as all of its creatures: "undead", "constructs". */
function creaturesOf(type: string): string {
  return type === 'undead' ? type : `${type}s`;
}

/**
 * Each event of a command in words, in order; rules events are folded into the sentence they explain.
 * Effects the game master keeps to themselves on hidden monsters are left out unless `forGameMaster`.
 */
export function describeEvents(result: { encounter: Encounter; events: readonly EncounterEvent[] }, forGameMaster = false): string[] {
  const { encounter, events } = result;
  const lines: string[] = [];
  let index = 0;
  while (index < events.length) {
    const event = events[index] as EncounterEvent;
    index += 1;
    switch (event.kind) {
      case 'encounter-begun':
        lines.push(`**${shown(event.name)}** begins. ${shown(encounter.gameMasterName)} is the game master.`);
        break;
      case 'combatant-added': {
        // Members of a `count:` group arrive together with one shared roll: say it once.
        const group = [shown(event.combatant.name)];
        while (events[index]?.kind === 'combatant-added') {
          const next = events[index] as Extract<EncounterEvent, { kind: 'combatant-added' }>;
          if (JSON.stringify(next.initiative) !== JSON.stringify(event.initiative)) break;
          group.push(shown(next.combatant.name));
          index += 1;
        }
        // The tracker shows every total; a hidden monster's roll and modifier are the game master's.
        const initiative = event.combatant.hidden && !forGameMaster ? String(event.initiative.total) : initiativeInWords(event.initiative);
        lines.push(
          `${numberedRange(group) ?? listInWords(group)} ${group.length === 1 ? 'joins' : 'join'} the fight with initiative ${initiative}.`,
        );
        // Advice to the game master, which on a hidden monster would tell the table how its total came.
        if (event.surpriseUnrolled === true && (forGameMaster || !event.combatant.hidden)) {
          lines.push(
            'Surprise is disadvantage on the initiative roll in these rules: a total given with `initiative:` is taken as it is, so roll it with disadvantage first.',
          );
        }
        break;
      }
      case 'combatant-removed':
        lines.push(`${shown(event.combatant.name)} leaves the encounter.`);
        break;
      case 'condition-immunity':
        lines.push(`${shown(event.combatant.name)} is immune to ${shown(event.condition)}.`);
        break;
      case 'initiative-set': {
        // A lair turn that opened the round comes before every turn of it: a place held through it is
        // taken as it ends, in the round already begun.
        const newPlace =
          event.newPlaceFrom === undefined
            ? '.'
            : event.newPlaceFrom <= encounter.round
              ? '; it takes its new place as this lair turn ends.'
              : `; it takes its new place as **Round ${event.newPlaceFrom}** begins.`;
        lines.push(`${shown(event.combatant.name)}'s initiative is now ${event.total} (was ${event.previous})${newPlace}`);
        break;
      }
      case 'round-started':
        lines.push(`**Round ${event.round}** begins.`);
        break;
      case 'round-resumed':
        lines.push(`**Round ${event.round}** resumes.`);
        break;
      case 'turn-started':
        lines.push(
          event.moved ? `The turn moves to **${shown(event.combatant.name)}**.` : `It's **${shown(event.combatant.name)}**'s turn.`,
        );
        break;
      case 'turn-went-back':
        lines.push(`Back to **${shown(event.combatant.name)}**'s ${event.lair === true ? 'lair turn' : 'turn'} (round ${event.round}).`);
        break;
      case 'turn-skipped':
        lines.push(
          event.reason === 'dead'
            ? `${shown(event.combatant.name)} is dead and skipped.`
            : `${shown(event.combatant.name)} is surprised and loses ${its(event.combatant)} first turn.`,
        );
        break;
      case 'lair-turn':
        lines.push(`Initiative count 20: it's **${shown(event.combatant.name)}**'s lair turn.`);
        break;
      case 'spell-cast':
        lines.push(spellCastSentence(event));
        break;
      case 'monster-action':
        lines.push(monsterActionSentence(event, forGameMaster));
        break;
      case 'recharge-rolled':
        if (forGameMaster || !event.combatant.hidden) lines.push(rechargeSentence(event));
        break;
      case 'legendary-action': {
        const what = event.cost === 1 ? 'a legendary action' : `a legendary action costing ${event.cost}`;
        // How many a hidden monster has left is the game master's to know (the tracker tells them).
        const left = event.combatant.hidden ? '' : ` (${event.left}/${event.max} left)`;
        lines.push(`${shown(event.combatant.name)} takes ${what}${left}.`);
        break;
      }
      case 'reaction-used': {
        const dropped =
          event.droppedReady === null
            ? ''
            : ` ${title(its(event.combatant))} readied action (${shown(event.droppedReady)}) is dropped: it needed the reaction.`;
        lines.push(
          `${shown(event.combatant.name)} uses ${its(event.combatant)} reaction${event.note === null ? '' : `: ${shown(event.note)}`}.${dropped}`,
        );
        break;
      }
      case 'action-readied':
        lines.push(
          `${shown(event.combatant.name)} readies an action for when ${shown(event.trigger)}${event.replaced === undefined ? '' : `, in place of the one for when ${shown(event.replaced)}`}; it lasts until the start of ${its(event.combatant)} next turn.`,
        );
        break;
      case 'readied-action-used':
        lines.push(
          `${shown(event.combatant.name)} takes ${its(event.combatant)} readied action (${shown(event.trigger)}), spending ${its(event.combatant)} reaction.`,
        );
        break;
      case 'readied-action-lapsed':
        lines.push(`${shown(event.combatant.name)}'s readied action (${shown(event.trigger)}) lapses unused.`);
        break;
      case 'moved-in-order': {
        const { group } = event;
        if (group === undefined) {
          lines.push(`${shown(event.combatant.name)} now acts just before ${shown(event.before.name)}.`);
          break;
        }
        // A group's names as a numbered run (Bandit 1–3), else the first of them and how many more.
        const run = numberedRange(group);
        lines.push(
          `${shown(event.combatant.name)} now acts just before ${run === null ? listed(sampleOf(group)) : shown(run)}: ${shown(event.before.name)}'s group keeps its place together.`,
        );
        break;
      }
      case 'turn-delayed':
        lines.push(`${shown(event.combatant.name)} delays: out of the order until \`/init act\`.`);
        break;
      case 'delay-ended':
        lines.push(`${shown(event.combatant.name)} stops delaying and acts now.`);
        break;
      case 'attack-rolled':
        lines.push(attackSentence(event, forGameMaster || event.private));
        break;
      case 'amount-rolled':
        if (event.private !== true || forGameMaster) lines.push(`🎲 ${event.roll.rendered}`);
        break;
      case 'hp-rolled': {
        // A group's rolls arrive together: one line each, or their totals alone when the dice would not fit a reply.
        const rolled = [event];
        while (events[index]?.kind === 'hp-rolled') {
          rolled.push(events[index] as typeof event);
          index += 1;
        }
        lines.push(...hpRolledLines(rolled.filter((e) => forGameMaster || !e.private)));
        break;
      }
      case 'damage-taken': {
        const run = rulesRun(events, index, event.combatant.id);
        index += run.length;
        lines.push(
          describeDamage(
            subjectOf(event.combatant, forGameMaster),
            { amount: event.amount, type: event.damageType, critical: event.critical },
            run.map((entry) => entry.event),
          ),
        );
        break;
      }
      case 'death-save': {
        const run = rulesRun(events, index, event.combatant.id);
        index += run.length;
        lines.push(
          describeDeathSave(
            subjectOf(event.combatant, forGameMaster),
            { ...event, events: run.map((entry) => entry.event) },
            tallyOf(encounter, event.combatant.id),
          ),
        );
        break;
      }
      case 'rules': {
        const run = [event, ...rulesRun(events, index, event.combatant.id)];
        index += run.length - 1;
        const sentence = rulesSentence(
          subjectOf(event.combatant, forGameMaster),
          run.map((entry) => entry.event),
        );
        if (sentence !== '') lines.push(sentence);
        break;
      }
      case 'hp-set':
        lines.push(
          event.combatant.hidden
            ? `${shown(event.combatant.name)}'s hit points are set.`
            : `${shown(event.combatant.name)} is now at ${event.hp} HP (was ${event.previous}).`,
        );
        break;
      case 'max-hp-set':
        lines.push(
          event.combatant.hidden
            ? `${shown(event.combatant.name)}'s hit point maximum is set.`
            : `${shown(event.combatant.name)}'s hit point maximum is now ${event.maxHp}${event.previous === null ? '' : ` (was ${event.previous})`}.`,
        );
        break;
      case 'death-save-due':
        lines.push(`${shown(event.combatant.name)} is dying and must make a death save: press **Roll death save**.`);
        break;
      case 'concentration-started':
        lines.push(`${shown(event.combatant.name)} is concentrating on ${shown(event.effect)}.`);
        break;
      case 'concentration-idle':
        if (!event.private || forGameMaster) {
          lines.push(
            `Nothing is left of what ${shown(event.combatant.name)}'s concentration on ${shown(event.effect)} kept up: drop it (the button, or \`/init drop-concentration\`), or keep it if the spell does more.`,
          );
        }
        break;
      case 'concentration-check': {
        // The DC is half the damage that got through: for a hidden monster, it would tell its resistances.
        const dc = forGameMaster || !event.combatant.hidden ? `a **DC ${event.dc}**` : 'a';
        lines.push(`${shown(event.combatant.name)} must make ${dc} Constitution save to keep concentrating on ${shown(event.effect)}.`);
        break;
      }
      case 'concentration-save':
        if (event.private !== true || forGameMaster) lines.push(concentrationSaveSentence(event, forGameMaster));
        break;
      case 'spell-no-effect': {
        const target = shown(event.combatant.name);
        if (event.known) {
          // A hidden monster's creature type is its block's, and the game master's to tell.
          const what = forGameMaster || !event.combatant.hidden ? `: it is ${listInWords(event.types.map(aCreatureOf), 'or')}` : '';
          lines.push(`${shown(event.spell)} has no effect on ${target}${what}.`);
        } else {
          const kinds = listInWords(event.types.map(creaturesOf), 'or');
          lines.push(
            `${shown(event.spell)} has no effect on ${kinds}, and the bot does not know what kind of creature ${target} is: the game master judges whether it took effect.`,
          );
        }
        break;
      }
      case 'effect-ended': {
        const sentence = event.private && !forGameMaster ? null : effectEndedSentence(event);
        if (sentence) lines.push(sentence);
        break;
      }
      case 'effect-started':
        if (!event.private || forGameMaster) lines.push(effectStartedSentence(event, forGameMaster));
        break;
      case 'repeat-save':
        if (!event.private || forGameMaster) lines.push(repeatSaveSentence(event, forGameMaster));
        break;
      case 'save-rolled':
        lines.push(saveRolledSentence(event, forGameMaster));
        break;
      case 'repeat-save-due':
        lines.push(repeatSaveDueSentence(event, forGameMaster));
        break;
      case 'options-changed':
        lines.push(optionsInWords(event.options));
        break;
      case 'undone':
        lines.push(`Undone: \`/${event.command}\` by ${shown(event.actorName)} (${shown(event.detail)}).`);
        break;
      case 'encounter-ended':
        lines.push(`**${shown(encounter.name)}** is over ${afterRounds(event.rounds)}.`);
        break;
      default:
        return unworded(event);
    }
  }
  return lines;
}
