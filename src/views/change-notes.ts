import type { ChangeNote, DamageNote, TurnNote } from '../combat/notes';
import { numberedRange } from '../combat/roster';
import { ABILITY_NAMES } from './condition-text';
import { its } from './pronouns';
import { castLevelInWords } from './spell-levels';
import type { DamagePart } from '../rules/types';

/** "after 3 rounds", "after 1 round", or "before round 1" for a fight that never started. */
export function afterRounds(rounds: number): string {
  if (rounds === 0) return 'before round 1';
  return `after ${rounds === 1 ? '1 round' : `${rounds} rounds`}`;
}

/** "11 slashing + 7 fire", or "18 fire" for one type. */
function partsInWords(parts: readonly DamagePart[]): string {
  return parts.map((part) => `${part.amount}${part.type === null ? '' : ` ${part.type}`}`).join(' + ');
}

/** "11 slashing + 7 fire damage (critical), 9 taken": what got through, so a resisted hit does not read as a full one. */
function damageInWords(damage: DamageNote): string {
  const crit = damage.critical ? ' (critical)' : '';
  const outcome = damage.taken === damage.total ? '' : `, ${damage.taken} taken`;
  return `${partsInWords(damage.parts)} damage${crit}${outcome}`;
}

/** A save against a hidden monster's DC, in the words everyone may read. */
function saveWithoutDc(note: Extract<ChangeNote, { kind: 'save' }>): string {
  return `${note.combatant} ${note.success ? 'made' : 'failed'} a ${ABILITY_NAMES[note.ability]} save`;
}

function turnInWords(turn: TurnNote): string {
  return turn.lair ? `round ${turn.round}, ${turn.combatant}'s lair turn` : `round ${turn.round}, ${turn.combatant}'s turn`;
}

/**
 * The log line's words for a change (`detail` in the log), as saved with it. The log is read by
 * everyone: a hidden combatant's numbers stay out, and an effect kept from the players is "an effect".
 */
export function noteText(note: ChangeNote): string {
  switch (note.kind) {
    case 'begun':
      return `began ${note.name}`;
    case 'ended':
      return `ended ${note.name} ${afterRounds(note.rounds)}`;
    case 'options': {
      const { options } = note;
      return [
        `death saves ${options.autoDeathSaves ? 'rolled automatically' : 'by button'}`,
        `concentration saves ${options.autoConcentrationSaves ? 'rolled automatically' : 'by button'}`,
        ...(options.monstersDie ? ['monsters die at 0 HP'] : []),
      ].join(', ');
    }
    case 'undone':
      return `undid ${note.actorName}'s ${note.command} (${note.detail})`;
    case 'added':
      return `added ${numberedRange(note.names) ?? note.names.join(', ')} (initiative ${note.initiative})`;
    case 'joined':
      return `${note.combatant} joined (initiative ${note.initiative})`;
    case 'removed':
      return `removed ${note.combatant}`;
    case 'initiative-set':
      return `${note.combatant}: initiative ${note.previous} → ${note.total}`;
    case 'turn':
      return turnInWords(note.turn);
    case 'delayed':
      return `${note.combatant} delays; ${turnInWords(note.turn)}`;
    case 'acted':
      return `${note.combatant} stops delaying and acts after ${note.after}`;
    case 'went-back':
      return `back to round ${note.round}, ${note.combatant}'s ${note.lair === true ? 'lair turn' : 'turn'}`;
    case 'moved':
      return `moved the turn to ${note.combatant}`;
    case 'death-save':
      return `${note.combatant} rolled a death save`;
    case 'damage':
      return `${note.combatant}: ${damageInWords(note.damage)}`;
    case 'attack': {
      const head = `${note.attacker} → ${note.target}`;
      return note.hit === null ? `${head}: miss` : `${head}: hit, ${damageInWords(note.hit)}`;
    }
    case 'healed':
      return `${note.combatant}: healed ${note.amount}`;
    case 'temp-hp':
      return note.hidden ? `${note.combatant}: temporary HP` : `${note.combatant}: ${note.amount} temporary HP`;
    case 'hp-set':
      return note.hidden ? `${note.combatant}: HP set` : `${note.combatant}: HP ${note.previous} → ${note.hp}`;
    case 'max-hp-set':
      if (note.hidden) return `${note.combatant}: maximum HP set`;
      return note.previous === null
        ? `${note.combatant}: maximum HP ${note.maxHp}`
        : `${note.combatant}: maximum HP ${note.previous} → ${note.maxHp}`;
    case 'concentrating':
      return `${note.combatant} concentrates on ${note.effect}`;
    case 'stopped-concentrating':
      return `${note.combatant} stopped concentrating on ${note.effect}`;
    case 'concentration-save':
      return `${note.combatant} rolled${note.hidden ? ' a concentration save' : ` DC ${note.dc}`} and ${note.kept ? 'kept' : 'lost'} concentration`;
    case 'immune':
      return `${note.combatant} is immune to ${note.condition}`;
    case 'track-level':
      return `${note.combatant}: ${note.track} ${note.level}`;
    case 'effect-added':
      return `${note.effect ?? 'an effect'} on ${note.combatant}`;
    case 'effect-removed':
      return `${note.effect ?? 'an effect'} off ${note.combatant}`;
    case 'repeat-save':
      return `${note.combatant} rolled a save against ${note.effect ?? 'an effect'}${note.ended ? ' and ended it' : ''}`;
    case 'repeat-save-due':
      return `${note.combatant} must repeat a save against ${note.effect ?? 'an effect'}`;
    case 'save':
      return `${note.combatant} ${note.success ? 'made' : 'failed'} a DC ${note.dc} ${ABILITY_NAMES[note.ability]} save`;
    case 'legendary': {
      const count = `${note.cost} legendary action${note.cost === 1 ? '' : 's'}`;
      return `${note.combatant} spent ${count}${note.hidden ? '' : ` (${note.left}/${note.max} left)`}`;
    }
    case 'reaction':
      return `${note.combatant} used ${its(note)} reaction${note.note === null ? '' : ` (${note.note})`}`;
    case 'readied-action-taken':
      return `${note.combatant} took ${its(note)} readied action`;
    case 'readied':
      return `${note.combatant} readied an action (${note.trigger})`;
    case 'spell-cast': {
      const parts = note.notes
        .filter((part) => part.kind !== 'concentrating')
        .map((part) => (note.hidden && part.kind === 'save' ? saveWithoutDc(part) : noteText(part)));
      const what =
        note.ongoing === true ? `${note.combatant}'s ${note.spell} dealt its ongoing damage` : `${note.combatant} cast ${note.spell}`;
      return [`${what} (${castLevelInWords(note.level)})`, ...parts].join('; ');
    }
    case 'monster-action': {
      const parts = note.notes
        .filter((part) => part.kind !== 'legendary' || !note.hidden)
        .map((part) => (note.hidden && part.kind === 'save' ? saveWithoutDc(part) : noteText(part)));
      return [`${note.combatant} used ${note.action}`, ...parts].join('; ');
    }
    case 'chain':
      return note.notes.map(noteText).join('; ');
  }
}
