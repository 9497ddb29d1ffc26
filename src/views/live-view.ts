import type { Combatant, Encounter } from '../combat/types';
import { afterRounds } from './change-notes';
import { getRuleSet } from '../rules';
import { RULESET_SUMMARIES } from '../rules/ids';
import { conditionStates, type ConditionState } from './condition-labels';
import { healthBand, turnNow } from './tracker';

/*
 * The live page's content: the channel tracker's player view, narrowed further. A hidden combatant
 * is absent (not even counted), monsters' hit points are words or nothing, and nothing a player
 * cannot see in the tracker is here. This value is all a viewer's browser ever receives, so what is
 * not in it cannot leak; the page only puts these texts into the DOM as text.
 */

/** How monsters' hit points show on a server's live pages (`/config live-page`). */
export type MonsterHpShown = 'words' | 'hidden';

/** A monster's hit points in a word, from the tracker's health band. */
export type HealthWord = 'unhurt' | 'hurt' | 'bloodied' | 'near death' | 'down' | 'dead';

export interface LiveCombatant {
  name: string;
  /** Whose turn it is (or whose lair acts). */
  current: boolean;
  /** A player character (HP in numbers) or a monster (HP in words, or none). */
  side: 'character' | 'monster';
  /** `12/20 HP (+5 temp)`, a health word, or null when not shown. */
  health: string | null;
  /** For styling only: the text above already says it. */
  healthWord: HealthWord | null;
  dead: boolean;
  /** At 0 HP making death saves, or stable. */
  dying: boolean;
  /** `Death saves: 1 success, 2 failures`, `Stable`; null when not dying. */
  deathSaves: string | null;
  /** The effect it concentrates on. */
  concentration: string | null;
  delaying: boolean;
  /** `Poisoned (2 rounds left)`, `Exhaustion 3`. */
  conditions: string[];
}

export interface LiveView {
  /** The channel has had no fight since the link was made. */
  empty: boolean;
  title: string;
  ruleSet: string;
  /** `Round 3 · Goblin's turn`, `Not started yet`, `The fight ended after 4 rounds.` */
  heading: string;
  running: boolean;
  /** How long the current turn has lasted when this view was made; null between turns. */
  turnElapsedMs: number | null;
  combatants: LiveCombatant[];
}

/** What the live page shows of a channel with no fight yet. */
export const NO_FIGHT_VIEW: LiveView = {
  empty: true,
  title: 'No fight yet',
  ruleSet: '',
  heading: 'The page follows the next fight in this channel as soon as it begins.',
  running: false,
  turnElapsedMs: null,
  combatants: [],
};

export function healthWord(combatant: Combatant, encounter: Pick<Encounter, 'ruleSet'>): HealthWord {
  const band = healthBand(combatant, encounter);
  if (band === 'Dead') return 'dead';
  if (band === 'Down') return 'down';
  const { hp } = combatant.rules;
  const max = getRuleSet(encounter.ruleSet).maxHp(combatant.rules);
  if (band === 'Healthy') return hp >= max ? 'unhurt' : 'hurt';
  return 4 * hp <= max ? 'near death' : 'bloodied';
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function conditionText(state: ConditionState): string {
  if (state.level !== null) return `${state.name} ${state.level}`;
  return state.roundsLeft === null ? state.name : `${state.name} (${plural(state.roundsLeft, 'round')} left)`;
}

function hitPoints(combatant: Combatant, encounter: Encounter): string | null {
  if (!combatant.hpKnown) return null;
  const { hp, tempHp } = combatant.rules;
  const max = getRuleSet(encounter.ruleSet).maxHp(combatant.rules);
  return `${hp}/${max} HP${tempHp > 0 ? ` (+${tempHp} temp)` : ''}`;
}

function deathSaves(combatant: Combatant): string | null {
  const { rules } = combatant;
  // HP not given yet reads as 0: such a combatant is not down.
  if (rules.dead || rules.hp > 0 || !combatant.hpKnown) return null;
  if (rules.stable) return 'Stable';
  const { successes, failures } = rules.deathSaves;
  return `Death saves: ${plural(successes, 'success', 'successes')}, ${plural(failures, 'failure')}`;
}

function liveCombatant(combatant: Combatant, encounter: Encounter, monsterHp: MonsterHpShown, currentId: string | null): LiveCombatant {
  const character = combatant.rules.isPlayerCharacter;
  const hpHidden = !character && monsterHp === 'hidden';
  const word = character || hpHidden || !combatant.hpKnown ? null : healthWord(combatant, encounter);
  // A monster's death saves would tell it is down, which hidden HP keeps from the page.
  const saves = hpHidden ? null : deathSaves(combatant);
  return {
    name: combatant.name,
    current: combatant.id === currentId,
    side: character ? 'character' : 'monster',
    health: character ? hitPoints(combatant, encounter) : word,
    healthWord: word,
    dead: combatant.rules.dead,
    dying: saves !== null,
    deathSaves: saves,
    concentration: combatant.rules.concentration,
    delaying: combatant.actions.delayed,
    conditions: combatant.rules.dead ? [] : conditionStates(combatant, encounter).map(conditionText),
  };
}

function headingOf(encounter: Encounter): { heading: string; currentId: string | null } {
  const now = turnNow(encounter);
  switch (now.kind) {
    case 'ended':
      return { heading: `The fight ended ${afterRounds(now.round)}.`, currentId: null };
    case 'waiting':
      // Hidden monsters are not counted: a fight of them alone reads as one without combatants.
      return { heading: encounter.combatants.every((c) => c.hidden) ? 'Waiting for combatants.' : 'Not started yet.', currentId: null };
    case 'lair':
    case 'turn': {
      // A hidden creature's turn is the game master's: its name stays with them.
      const whose = now.combatant.hidden ? "The game master's" : `${now.combatant.name}'s`;
      const heading = `Round ${now.round} · ${whose} ${now.kind === 'lair' ? 'lair turn' : 'turn'}`;
      return { heading, currentId: now.combatant.hidden ? null : now.combatant.id };
    }
  }
}

/**
 * The live page of `encounter` as every viewer gets it. `turnStartedAt`: when the current turn
 * began, as the fight's log says; `now`, the moment the view is sent.
 */
export function liveView(encounter: Encounter, monsterHp: MonsterHpShown, turnStartedAt: Date | null, now: Date): LiveView {
  const { heading, currentId } = headingOf(encounter);
  const running = encounter.endedAt === null && encounter.round > 0;
  return {
    empty: false,
    title: encounter.name,
    ruleSet: `${RULESET_SUMMARIES[encounter.ruleSet].name} rules`,
    heading,
    running,
    turnElapsedMs: running && turnStartedAt !== null ? Math.max(0, now.getTime() - turnStartedAt.getTime()) : null,
    combatants: encounter.combatants
      .filter((combatant) => !combatant.hidden)
      .map((combatant) => liveCombatant(combatant, encounter, monsterHp, currentId)),
  };
}
