import type { AttackReason, AttackRoll } from '../combat/types';
import { d20InWords } from './condition-text';
import { shown } from './markdown';

/** The part a number given as `bonus` is, and the proficiency an ability bonus adds. */
export const ATTACK_BONUS = 'attack bonus';
export const PROFICIENCY = 'proficiency';

/** "asked for; Goblin 1: Prone; Alice: Poisoned": each side's reasons players may hear. */
function reasonsInWords(event: AttackRoll, reasons: readonly AttackReason[], forGameMaster: boolean): string {
  const told = reasons.filter((r) => forGameMaster || !r.private);
  const groups: string[] = [];
  if (told.some((r) => r.side === 'asked')) groups.push('asked for');
  for (const [side, who] of [
    ['target', event.target],
    ['attacker', event.attacker],
  ] as const) {
    const mine = told.filter((r) => r.side === side).map((r) => shown(r.reason));
    if (mine.length > 0) groups.push(`${shown(who.name)}: ${mine.join(', ')}`);
  }
  return groups.join('; ');
}

/**
 * Advantage and disadvantage as the reader may hear of them. The channel hears of a mode only with
 * a reason it may know, and nothing of a hidden attacker's: a bare "with advantage" would tell a
 * hidden monster's private condition.
 */
function modeInWords(event: AttackRoll, forGameMaster: boolean): string {
  if (!forGameMaster && event.attacker.hidden) return '';
  const advantage = reasonsInWords(event, event.advantage, forGameMaster);
  const disadvantage = reasonsInWords(event, event.disadvantage, forGameMaster);
  if (event.mode === 'advantage') return advantage === '' ? '' : ` with advantage (${advantage})`;
  if (event.mode === 'disadvantage') return disadvantage === '' ? '' : ` with disadvantage (${disadvantage})`;
  if (event.advantage.length === 0 || event.disadvantage.length === 0 || advantage === '' || disadvantage === '') return '';
  return ` (advantage from ${advantage} and disadvantage from ${disadvantage} cancel)`;
}

/** The mode was said: every d20 rolled may be shown; otherwise the one that counts, as a plain roll reads. */
function modeTold(event: AttackRoll, forGameMaster: boolean): boolean {
  return forGameMaster || modeInWords(event, forGameMaster) !== '' || event.mode === 'normal';
}

function outcomeInWords(event: AttackRoll, forGameMaster: boolean): string {
  switch (event.outcome) {
    case 'fumble':
      return '**Miss** (natural 1).';
    case 'miss':
      return '**Miss.**';
    case 'hit':
      return '**Hit.**';
    case 'critical': {
      const auto = event.autoCritical;
      if (auto !== null) {
        const told = forGameMaster || !auto.private;
        return told ? `**Critical hit** (${shown(event.target.name)} is ${shown(auto.reason)} and within 5 ft).` : '**Critical hit.**';
      }
      return `**Critical hit** (natural ${event.natural}).`;
    }
  }
}

/**
 * "**Alice** makes a melee weapon attack on **Goblin 1** with advantage (Goblin 1: Prone): d20 17 (of 4, 17)
 * + 5 (Str +3, proficiency +2) = 22 against AC 15. **Hit.**" A hidden attacker's arithmetic (its bonus) and
 * a hidden target's AC are left out unless the game master alone reads it.
 */
export function attackSentence(event: AttackRoll, forGameMaster: boolean): string {
  const kind = `${event.reach} ${event.weapon ? 'weapon' : 'spell'} attack`;
  const head = `**${shown(event.attacker.name)}** makes a ${kind} on **${shown(event.target.name)}**${modeInWords(event, forGameMaster)}`;
  // A critical hit on a low roll would tell what made it automatic (a private Paralyzed): the channel reads the outcome alone.
  const privateCritical = event.autoCritical?.private === true && !forGameMaster;
  const showRoll = (!event.attacker.hidden || forGameMaster) && !privateCritical;
  const showAc = !event.target.hidden || forGameMaster;
  const dice = modeTold(event, forGameMaster) ? event : { ...event, rolls: [event.natural] };
  const roll = showRoll ? `: ${d20InWords(dice)}${showAc ? ` against AC ${event.armourClass}` : ''}` : '';
  return `${head}${roll}. ${outcomeInWords(event, forGameMaster)}`;
}
