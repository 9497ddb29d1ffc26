import { damageLanded } from '../rules/damage';
import type { CriticalApplied } from '../combat/types';
import { it, its } from './pronouns';
import { unworded } from './unworded';
import type { ConditionKey, DamageType, DeathCause, DeathSaveOutcome, ModifierReason, RulesEvent, TrackKey } from '../rules/types';

/** Who a sentence is about, and whether the reader may see its numbers (hidden monsters: no). */
export interface Subject {
  name: string;
  isPlayerCharacter: boolean;
  showNumbers: boolean;
}

/** The subject opening a sentence: "It", or a player character's name. */
function they(subject: Subject): string {
  return title(it(subject));
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function title(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "A, B and C". */
export function listInWords(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

const MODIFIER_WORDS: Readonly<Record<ModifierReason, string>> = {
  resistance: 'resistant',
  vulnerability: 'vulnerable',
  petrified: 'petrified',
  ethereal: 'ethereal',
  intoxicated: 'intoxicated',
};

function modifierNote(event: Extract<RulesEvent, { kind: 'damage-modified' }>): string {
  let how = 'reduced';
  if (event.after > event.before) how = event.after === event.before * 2 ? 'doubled' : 'increased';
  else if (event.after === Math.floor(event.before / 2)) how = 'halved';
  return `${how}: ${MODIFIER_WORDS[event.reason]}`;
}

/** One part of a mixed hit: "7 fire → 3 (resistant)", "6 fire → 0 (immune)", "8 slashing". */
function partNote(part: Extract<RulesEvent, { kind: 'damage-part' }>): string {
  const given = `${part.before} ${part.damageType ?? 'untyped'}`;
  if (part.immune) return `${given} → 0 (immune)`;
  if (part.reasons.length === 0) return given;
  return `${given} → ${part.after} (${part.reasons.map((reason) => MODIFIER_WORDS[reason]).join(', ')})`;
}

/** How each death reads, given whose ("its", "their") the creature's things are. */
const DEATH_CAUSES: Readonly<Record<DeathCause, (whose: string) => string>> = {
  'monster-at-zero': () => 'dies',
  'instant-death': () => 'dies instantly: the damage left over reaches the hit point maximum',
  'massive-damage': () => 'dies of massive damage',
  'death-saves': () => 'dies after three failed death saves',
  'death-threshold': (whose) => `dies: ${whose} hit points reached ${whose} death threshold`,
  exhaustion: () => 'dies of exhaustion',
  slain: () => 'dies outright',
};

const TRACK_NAMES: Readonly<Record<TrackKey, string>> = { exhaustion: 'Exhaustion', fatigue: 'Fatigue', strife: 'Strife' };

function conditionName(key: ConditionKey): string {
  return title(key);
}

function damageWords(amount: number, type: DamageType | null): string {
  return `${amount} ${type ? `${type} ` : ''}damage`;
}

/**
 * The first sentence of a damage reply: how much landed, what changed it, and where HP ended up,
 * e.g. "Goblin 2 takes 7 fire damage (halved: resistant) and drops to 0 HP."
 */
function damageSentence(
  subject: Subject,
  amount: number,
  type: DamageType | null,
  critical: CriticalApplied | null,
  events: readonly RulesEvent[],
): string {
  const opening = critical === null ? '' : `Critical hit${criticalNote(critical, amount)}. `;
  return opening + landedSentence(subject, amount, type, events);
}

function criticalNote(critical: CriticalApplied, amount: number): string {
  switch (critical) {
    case 'rolled':
      return '';
    case 'doubled':
      return `: ${amount / 2} doubled to ${amount}`;
    case 'no-dice':
      return ` (a plain number has no dice to double under these rules, so ${amount} counts as the critical's total)`;
  }
}

function landedSentence(subject: Subject, amount: number, type: DamageType | null, events: readonly RulesEvent[]): string {
  const dropped = events.find((event) => event.kind === 'dropped-to-zero');
  if (!subject.showNumbers) {
    // What a hidden creature's defences or temporary HP made of the damage would tell them: only the outcome.
    const dealt = `${subject.name} is dealt ${damageWords(amount, type)}`;
    return dropped ? `${dealt} and drops to 0 HP.` : `${dealt}.`;
  }
  const immune = events.find((event) => event.kind === 'immune');
  if (immune) return `${subject.name} is immune to ${immune.damageType ?? 'that'} damage and takes none.`;
  const threshold = events.find((event) => event.kind === 'below-threshold');
  if (threshold) {
    return `${subject.name} shrugs off ${damageWords(threshold.amount, type)}: ${it(subject)} is below ${its(subject)} damage threshold of ${threshold.threshold}.`;
  }
  const taken = damageLanded(amount, events);
  const notes = [
    ...events.flatMap((event) => (event.kind === 'damage-part' ? [partNote(event)] : [])),
    ...events.filter((event) => event.kind === 'damage-modified').map(modifierNote),
  ];
  const absorbed = events.find((event) => event.kind === 'temp-hp-absorbed');
  if (absorbed) notes.push(`${absorbed.amount} absorbed by temporary HP, ${absorbed.tempHpLeft} left`);
  const head = `${subject.name} takes ${damageWords(taken, type)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  if (dropped) return `${head} and drops to ${dropped.hp} HP.`;
  const lost = events.find((event) => event.kind === 'hp-lost');
  if (lost) return `${head} and is at ${lost.hp} HP.`;
  return `${head}.`;
}

/** Sentences for what followed a change of hit points, in the order the rules engine reported them. */
export function consequenceSentences(subject: Subject, events: readonly RulesEvent[], opensWithName = false): string[] {
  const sentences: string[] = [];
  // After a sentence that names the subject, "It"; alone (a level track's change), the first names it.
  const who = () => (opensWithName && sentences.length === 0 ? subject.name : they(subject));
  const added = events.filter((event) => event.kind === 'condition-added').map((event) => conditionName(event.condition));
  const removed = events.filter((event) => event.kind === 'condition-removed').map((event) => conditionName(event.condition));
  for (const event of events) {
    switch (event.kind) {
      case 'dying':
        sentences.push(`${who()} is dying and makes death saves at the start of each turn.`);
        break;
      case 'knocked-out':
        sentences.push(`${who()} is knocked out at ${event.hp} HP.`);
        break;
      case 'doomed':
        sentences.push(`${who()} is doomed: a last action or a last word, then death.`);
        break;
      case 'died':
        sentences.push(`${who()} ${DEATH_CAUSES[event.cause](its(subject))}.`);
        break;
      case 'death-save-failures':
        // A hidden creature's tally is its own number, told to the game master alone.
        sentences.push(
          `${who()} suffers ${plural(event.added, 'failed death save')}${subject.showNumbers ? ` (${event.failures} of 3)` : ''}.`,
        );
        break;
      case 'stability-lost':
        sentences.push(`${who()} is no longer stable.`);
        break;
      case 'massive-damage-save':
        sentences.push(
          `Massive damage: DC ${event.dc} Constitution save, rolled ${event.roll} for a total of ${event.total}: ${event.success ? 'a success' : 'a failure'}.`,
        );
        break;
      case 'track-gained':
        sentences.push(
          `${who()} gains ${plural(event.levels, `level of ${TRACK_NAMES[event.track]}`, `levels of ${TRACK_NAMES[event.track]}`)}` +
            (event.pending ? ', counted when the encounter ends.' : ` (now ${event.level}).`),
        );
        break;
      case 'track-reduced':
        sentences.push(
          `${who()} loses ${plural(event.levels, `level of ${TRACK_NAMES[event.track]}`, `levels of ${TRACK_NAMES[event.track]}`)} (now ${event.level}).`,
        );
        break;
      case 'condition-immune':
        // What makes a hidden creature immune may be a condition the game master keeps to themselves.
        sentences.push(
          subject.showNumbers
            ? `${who()} is immune to ${conditionName(event.condition)} while ${conditionName(event.because)}.`
            : `${who()} is immune to ${conditionName(event.condition)}.`,
        );
        break;
      case 'revived':
        sentences.push(`${who()} is conscious again.`);
        break;
      case 'returned-to-life':
        sentences.push(`${who()} is alive again.`);
        break;
      case 'stabilised':
        sentences.push(`${who()} is stable.`);
        break;
      case 'regained-hp-from-stable':
        sentences.push(`${who()} wakes with ${event.hp} HP.`);
        break;
      case 'death-saves-reset':
        sentences.push(`${subject.isPlayerCharacter ? `${subject.name}'s` : 'Its'} death saves are cleared.`);
        break;
      case 'max-hp-reduced':
        sentences.push(
          subject.showNumbers
            ? `${who()}'s hit point maximum drops by ${event.reduction} to ${event.maxHp}.`
            : `${who()}'s hit point maximum drops.`,
        );
        break;
      case 'max-hp-restored':
        sentences.push(`${who()}'s hit point maximum is restored.`);
        break;
      case 'temp-hp-ended':
        sentences.push(`${who()}'s temporary HP are gone.`);
        break;
      // Worded by the sentence that introduces the change (damage, healing, temp HP, hit dice), by
      // `added` and `removed` below, with a button (the concentration save), or by the encounter's
      // own event that names the effect (concentration ending).
      case 'immune':
      case 'below-threshold':
      case 'damage-modified':
      case 'damage-part':
      case 'temp-hp-absorbed':
      case 'hp-lost':
      case 'dropped-to-zero':
      case 'concentration-save':
      case 'concentration-ended':
      case 'healed':
      case 'cannot-heal-dead':
      case 'temp-hp-set':
      case 'temp-hp-kept':
      case 'condition-added':
      case 'condition-removed':
      case 'hit-dice-spent':
      case 'hit-dice-unspent':
      case 'hit-dice-regained':
        break;
      default:
        return unworded(event);
    }
  }
  if (added.length > 0) sentences.push(`${who()} is now ${listInWords(added)}.`);
  if (removed.length > 0) sentences.push(`${who()} is no longer ${listInWords(removed, 'or')}.`);
  return sentences;
}

/** "Goblin 2 takes 7 fire damage (halved: resistant) and drops to 0 HP. It dies." */
export function describeDamage(
  subject: Subject,
  damage: { amount: number; type: DamageType | null; critical: CriticalApplied | null },
  events: readonly RulesEvent[],
): string {
  return [damageSentence(subject, damage.amount, damage.type, damage.critical, events), ...consequenceSentences(subject, events)].join(' ');
}

export function describeHealing(subject: Subject, events: readonly RulesEvent[]): string {
  if (events.some((event) => event.kind === 'cannot-heal-dead')) return `${subject.name} is dead and cannot regain hit points.`;
  const healed = events.find((event) => event.kind === 'healed');
  // How much a hidden combatant regains would tell how much it was missing.
  const head = !subject.showNumbers
    ? `${subject.name} is healed.`
    : !healed
      ? `${subject.name} is already at full health.`
      : `${subject.name} regains ${healed.amount} HP and is at ${healed.hp} HP.`;
  return [head, ...consequenceSentences(subject, events)].join(' ');
}

export function describeTempHp(subject: Subject, events: readonly RulesEvent[]): string {
  const sentences: string[] = [];
  // Without its numbers, one sentence whether the offer was taken or not: two would let anyone
  // offer n, then n + 1, and undo, to learn how many it has.
  const hidden = `${subject.name} has temporary HP: they don't add up, and the higher amount stays.`;
  for (const event of events) {
    if (event.kind === 'temp-hp-set') {
      sentences.push(
        subject.showNumbers
          ? `${subject.name} has ${event.tempHp} temporary HP${event.previous > 0 ? ` (replacing ${event.previous})` : ''}.`
          : hidden,
      );
    } else if (event.kind === 'temp-hp-kept') {
      sentences.push(
        subject.showNumbers
          ? `${subject.name} keeps ${event.tempHp} temporary HP: temporary HP don't add up, and ${event.offered} is not more.`
          : hidden,
      );
    }
  }
  return [...sentences, ...consequenceSentences(subject, events)].join(' ');
}

/** The roll and its outcome, with the tally after it: "Alice's death save: 7, a failure (0 successes, 1 failure)"; a hidden creature's, without them. */
export function describeDeathSave(
  subject: Subject,
  save: { roll: number; total: number; outcome: DeathSaveOutcome; damage: number | null; events: readonly RulesEvent[] },
  tally: { successes: number; failures: number },
): string {
  // The opening sentence already says these; the rest (fatigue, death) follows it.
  const said: RulesEvent['kind'][] = ['stabilised', 'revived', 'healed', 'death-saves-reset', 'death-save-failures'];
  const followUps = consequenceSentences(
    subject,
    save.events.filter((event) => !said.includes(event.kind)),
  );
  if (!subject.showNumbers) return [hiddenDeathSave(subject, save.outcome), ...followUps].join(' ');
  const rolled = save.total === save.roll ? `${save.roll}` : `${save.roll} (total ${save.total})`;
  const head = `${subject.name}'s death save: ${rolled}`;
  const count = `(${plural(tally.successes, 'success', 'successes')}, ${plural(tally.failures, 'failure')})`;
  const who = they(subject);
  let sentence: string;
  switch (save.outcome) {
    case 'success':
      sentence = `${head}, a success ${count}.`;
      break;
    case 'failure':
      sentence =
        save.damage === null
          ? `${head}, a failure ${count}.`
          : `${head}, a failure: ${who} takes ${save.damage} damage that can't be reduced.`;
      break;
    case 'stable':
      sentence = `${head}, a third success. ${who} is stable.`;
      break;
    case 'dead':
      sentence = `${head}, a failure.`;
      break;
    case 'revived':
      sentence = `${head}, a natural 20! ${who} regains 1 HP and is back up.`;
      break;
  }
  return [sentence, ...followUps].join(' ');
}

/**
 * A hidden creature's death save as the table reads it: what came of it that anyone can see (it
 * steadies, dies or gets up), never the roll or the tally, which would count its saves for them.
 */
function hiddenDeathSave(subject: Subject, outcome: DeathSaveOutcome): string {
  const head = `${subject.name} rolls a death save.`;
  switch (outcome) {
    case 'success':
    case 'failure':
    case 'dead':
      return head;
    case 'stable':
      return `${head} ${they(subject)} is stable.`;
    case 'revived':
      return `${head} ${they(subject)} is back up.`;
  }
}
