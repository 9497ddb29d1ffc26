import { isSecretChange } from '../combat/secret-changes';
import type { EncounterEvent, EncounterLogEntry, HiddenHitPoints } from '../combat/types';
import { d20InWords } from './condition-text';
import { shown } from './markdown';
import type { ButtonAction } from './button-ids';
import type { Reply } from './reply';
import { COLORS, EMBED_LIMITS } from './embeds';

/** What the players' log says of a change the game master made in secret. */
const SECRET_DETAIL = 'a change the game master made in secret';

function clock(at: Date): string {
  return at.toISOString().slice(11, 19);
}

/** How the log names a change a button made: the command it stands for, or the roll it asks for. */
export function buttonLogLabel(button: ButtonAction): string {
  switch (button.action) {
    case 'death':
      return 'death save';
    case 'conc':
      return 'concentration save';
    case 'save':
      return 'repeat save';
    default:
      return `${button.command} ${button.action}`;
  }
}

/** Who reads the log: the players see what the tracker shows them, the game master everything. */
export type LogReader = 'players' | 'game-master';

/** A hidden combatant's numbers as one change moved them: `Ogre HP 65 → 30`, `Ogre HP 65/65` when added. */
function hiddenNumbers({ name, before, after }: HiddenHitPoints): string {
  if (before === null || after === null) {
    const only = after ?? before;
    if (only === null) return shown(name);
    const numbers = `HP ${only.hp}/${only.maxHp}${only.tempHp > 0 ? ` + ${only.tempHp} temporary` : ''}`;
    return `${shown(name)} ${after === null ? `left at ${numbers}` : numbers}`;
  }
  const parts: string[] = [];
  if (before.hp !== after.hp) parts.push(`HP ${before.hp} → ${after.hp}`);
  if (before.maxHp !== after.maxHp) parts.push(`maximum ${before.maxHp} → ${after.maxHp}`);
  if (before.tempHp !== after.tempHp) parts.push(`temporary ${before.tempHp} → ${after.tempHp}`);
  return `${shown(name)} ${parts.join(', ')}`;
}

/**
 * A hidden attacker's roll, which the channel read as its outcome alone: `Ogre d20 17 + 6 = 23 against
 * AC 14`, its damage dice, and a save against its DC: `Alice d20 5 = 5 against DC 21`.
 */
function hiddenRolls(events: readonly EncounterEvent[]): string[] {
  return events.flatMap((event) => {
    if (event.kind === 'attack-rolled' && event.attacker.hidden) {
      return [`${shown(event.attacker.name)} ${d20InWords(event)} against AC ${event.armourClass}`];
    }
    if (event.kind === 'save-rolled' && event.dcPrivate === true) {
      const roll = event.autoFail === null ? d20InWords(event) : 'fails automatically';
      return [`${shown(event.combatant.name)} ${roll} against DC ${event.dc}`];
    }
    return event.kind === 'amount-rolled' && event.private === true ? [`🎲 ${event.roll.rendered}`] : [];
  });
}

/** One change per line, newest first, with the time (UTC), who did it and what it did. */
function logLine(entry: EncounterLogEntry, reader: LogReader): string {
  // The table was told nothing of a secret change: its log is not where it learns of it.
  const detail = reader === 'players' && isSecretChange(entry.events) ? SECRET_DETAIL : shown(entry.detail);
  let line = `\`${clock(entry.at)}\` ${shown(entry.actorName)} · /${entry.command} · ${detail}`;
  const secrets = reader === 'game-master' ? [...hiddenRolls(entry.events), ...entry.hiddenHitPoints.map(hiddenNumbers)] : [];
  if (secrets.length > 0) line += ` · 🔒 ${secrets.join('; ')}`;
  return entry.undone ? `~~${line}~~ (undone)` : line;
}

/**
 * `/init log`: the players' copy in the channel, without a hidden combatant's numbers (as the
 * tracker); the game master's copy is private and adds them after a 🔒.
 */
export function logReply(entries: readonly EncounterLogEntry[], asked: number, reader: LogReader = 'players'): Reply {
  const ephemeral = reader === 'game-master';
  if (entries.length === 0)
    return { ephemeral, embeds: [{ description: 'Nothing has happened in this encounter yet.', color: COLORS.info }] };
  const lines: string[] = [];
  let length = 0;
  for (const entry of entries) {
    const line = logLine(entry, reader);
    if (length + line.length + 1 > EMBED_LIMITS.description) break;
    lines.push(line);
    length += line.length + 1;
  }
  const title = entries.length < asked ? `All ${entries.length} changes, newest first` : `The last ${lines.length} changes, newest first`;
  return {
    ephemeral,
    embeds: [
      {
        title,
        description: lines.join('\n'),
        color: COLORS.info,
        footer: ephemeral
          ? 'Times are UTC. 🔒 marks hidden numbers, shown only to you. /init undo reverts the newest change.'
          : 'Times are UTC. /init undo reverts the newest one you may undo.',
      },
    ],
  };
}
