import type { Stopper } from '../combat/incapacity';
import type { DeadAct, NameSample, Refusal } from '../combat/refusals';
import { shown } from './markdown';
import { MODIFIER_SYNTAX } from './condition-text';

const MANAGERS = 'a member with Manage Channels';

function listed(sample: NameSample): string {
  const names = sample.names.map(shown).join(', ');
  return sample.more > 0 ? `${names} and ${sample.more} more` : names;
}

/** "is dead", "is dying", "is Stunned": what stops a combatant, to go after its name. */
export function stoppedState(stopper: Stopper): string {
  return stopper.kind === 'condition' ? `is ${stopper.condition}` : `is ${stopper.kind}`;
}

/** Why a dead combatant is refused, and what still works on it. */
function deadText(name: string, act: DeadAct): string {
  switch (act) {
    case 'damage':
      return `${name} is dead: damage changes nothing, so none was recorded.`;
    case 'heal':
      return `${name} is dead and cannot regain hit points. \`/hp set\` above 0 brings it back to life first.`;
    case 'temp-hp':
      return `${name} is dead and cannot gain temporary hit points.`;
    case 'attack':
      return `${name} is dead: there is nothing left to attack. Choose a living target.`;
    case 'turn':
      return `${name} is dead and has no turns. \`/hp set\` above 0 brings it back to life first.`;
    case 'condition':
      return `${name} is dead: conditions and effects no longer change anything for it (\`/condition remove\` still clears what it had).`;
  }
}

/** The words for each refusal of the encounter engine; a new kind does not compile until it has some. */
export function refusalText(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'no-encounter':
      return 'There is no encounter in this channel. Start one with `/init begin`.';
    case 'no-ended-encounter':
      return 'No fight that reached round 1 has ended in this channel yet, so there is nothing to recap. A recap is posted when `/init end` ends one.';
    case 'no-fight':
      return 'There is no encounter in this channel, running or ended, to export. Start one with `/init begin`.';
    case 'encounter-exists': {
      const { existing } = refusal;
      const which = existing === null ? 'an encounter' : `${shown(existing.name)} (game master: ${shown(existing.gameMasterName)})`;
      return `This channel already has ${which}. End it with \`/init end\` before beginning another.`;
    }
    case 'monsters-already-die':
      return `Monsters already die at 0 HP in the ${refusal.ruleSetName} rules: \`monsters-die\` changes something only under Crown & Misery, where every creature makes death saves.`;
    case 'no-combatants':
      return 'There are no combatants yet: add monsters with `/init add` or join with `/init join`.';
    case 'no-target-named':
      return 'Name a combatant as the target.';
    case 'unknown-target':
      return `There is no combatant called "${shown(refusal.typed)}" here. The combatants are ${listed(refusal.combatants)}.`;
    case 'ambiguous-target':
      return `"${shown(refusal.typed)}" could be ${listed(refusal.matches)}: which one?`;
    case 'not-game-master':
      return `Only the game master (${shown(refusal.gameMasterName)}) or ${MANAGERS} can ${shown(refusal.doing)}.`;
    case 'may-not-harm':
      return (
        `Only ${shown(refusal.combatant)}'s player, the game master (${shown(refusal.gameMasterName)}) or ${MANAGERS} can ${shown(refusal.doing)}: ` +
        "in this server players harm only their own combatants and the game master's (a server admin lets them harm anyone's with `/config harm players:anyone`)."
      );
    case 'not-your-combatant': {
      const gameMaster = `the game master (${shown(refusal.gameMasterName)}) or ${MANAGERS}`;
      const who = refusal.player === null ? gameMaster : `${shown(refusal.player)}'s player, ${gameMaster}`;
      return `Only ${who} can ${shown(refusal.doing)}.`;
    }
    case 'nobody-in-order':
      return 'Nobody is in the order yet: add monsters with `/init add` and players join with `/init join`.';
    case 'everyone-dead':
      return 'Every combatant is dead, so no turn can start. End the fight with `/init end`, or add combatants.';
    case 'not-started':
      return 'The fight has not started yet: `/init next` starts round 1.';
    case 'first-turn':
      return 'This is the first turn of the fight: there is no turn before it.';
    case 'no-hit-points':
      return `${shown(refusal.combatant)} has no hit points yet: the game master can give it some with \`/hp max\`.`;
    case 'above-maximum-hp':
      return `${shown(refusal.combatant)}'s HP can be at most ${refusal.ceiling}; raise the maximum with \`/hp max\` first.`;
    case 'not-in-catalogue':
      return `${shown(refusal.typed)} is not a condition in the ${refusal.ruleSetName} rules. Their conditions are ${refusal.catalogue.join(', ')}.`;
    case 'condition-without-levels':
      return `${shown(refusal.condition)} has no levels: leave out \`level\`.`;
    case 'level-out-of-range':
      return `${refusal.track} goes from 1 to ${refusal.max} levels.`;
    case 'track-not-timed':
      return `${refusal.track} has no duration or repeat save: it lasts until \`/condition remove\` or a rest lowers it.`;
    case 'duration-out-of-range':
      return `\`duration\` counts rounds, from 1 to ${refusal.max}; leave it out for an effect that lasts until removed.`;
    case 'save-needs-dc':
      return 'A "save ends" effect needs both `save` (the ability) and `dc`.';
    case 'dc-out-of-range':
      return `\`dc\` must be a whole number from 1 to ${refusal.max}.`;
    case 'attacker-unclear':
      if (refusal.own > 1) return 'You have several combatants here: say which one attacks with `attacker:`.';
      return refusal.gameMaster
        ? 'Say who attacks with `attacker:` (before the first turn there is no current combatant to attack with).'
        : 'You have no combatant in this encounter: join with `/init join` first.';
    case 'cannot-attack':
      return refusal.condition === null
        ? `${shown(refusal.combatant)} is dead and cannot attack.`
        : `${shown(refusal.combatant)} is ${refusal.condition} and cannot attack.`;
    case 'target-dead':
      return deadText(shown(refusal.combatant), refusal.act);
    case 'cannot-attack-source':
      return `${shown(refusal.combatant)} is ${refusal.condition} by ${shown(refusal.target)} and cannot attack it.`;
    case 'no-armour-class':
      return `${shown(refusal.combatant)} has no Armour Class to roll against: a combatant gets one with \`ac:\` when it is added or joins.`;
    case 'cannot-concentrate':
      return `${shown(refusal.combatant)} is ${refusal.condition} and cannot concentrate.`;
    case 'too-many-effects':
      return `${shown(refusal.combatant)} already carries ${refusal.max} conditions and effects, the most one combatant may: remove one first (\`/condition remove\`).`;
    case 'too-many-effects-in-encounter':
      return `This encounter already carries ${refusal.max} conditions and effects, the most one may: remove some first (\`/condition remove\`).`;
    case 'modifiers-stack-too-high':
      return `Together, the effects on ${shown(refusal.combatant)} would ${refusal.problem}: that is more than any table needs, so it is refused.`;
    case 'bad-modifiers':
      return `${shown(refusal.reason)}\n${MODIFIER_SYNTAX}`;
    case 'modifiers-on-track':
      return `${refusal.track} has its own mechanics: leave out \`modifiers\`.`;
    case 'no-repeat-save-due':
      return `${shown(refusal.combatant)} has no repeat save to roll now: it comes at the end of its turn.`;
    case 'not-affected':
      return `${shown(refusal.combatant)} has no ${shown(refusal.condition)} to remove.`;
    case 'no-legendary-actions':
      return `${shown(refusal.combatant)} has no legendary actions: give them with \`/init add … legendary:<n>\`.`;
    case 'legendary-actions-spent':
      return `${shown(refusal.combatant)} has ${refusal.left} of ${refusal.max} legendary actions left, not the ${refusal.cost} this one costs; they come back at the start of its turn.`;
    case 'legendary-on-own-turn':
      return `It is ${shown(refusal.combatant)}'s own turn: legendary actions are taken at the end of another creature's turn.`;
    case 'legendary-stopped':
      return `${shown(refusal.combatant)} ${stoppedState(refusal.stoppedBy)} and cannot take legendary actions.`;
    case 'legendary-surprised':
      return `${shown(refusal.combatant)} is surprised: it has no legendary actions until its first turn is over.`;
    case 'reaction-used': {
      const on = refusal.note === null ? '' : ` (${shown(refusal.note)})`;
      return `${shown(refusal.combatant)} has already used its reaction${on}; it comes back at the start of its turn.`;
    }
    case 'reaction-surprised':
      return `${shown(refusal.combatant)} is surprised: it has no reaction until its first turn is over.`;
    case 'reaction-stopped':
      return `${shown(refusal.combatant)} ${stoppedState(refusal.stoppedBy)} and cannot take reactions.`;
    case 'nothing-readied':
      return `${shown(refusal.combatant)} has no readied action: ready one on its turn with \`/init ready trigger:<what sets it off>\`.`;
    case 'not-your-turn': {
      const whose = refusal.lair ? `${shown(refusal.current)}'s lair turn` : `${shown(refusal.current)}'s turn`;
      return `It is ${whose}: only its ${refusal.lair ? 'game master' : 'player or the game master'} can ${shown(refusal.doing)} now.`;
    }
    case 'no-delay':
      return `The ${refusal.ruleSetName} rules have no delaying: take the turn, or ready an action with \`/init ready\`.`;
    case 'not-delayed':
      return `${shown(refusal.combatant)} is not delaying: \`/init act\` is for a combatant that used \`/init delay\`.`;
    case 'nobody-delayed':
      return 'None of your combatants is delaying: `/init delay` on your turn first.';
    case 'several-delayed':
      return `Several of your combatants are delaying (${listed(refusal.delayed)}): name one with \`target\`.`;
    case 'group-still-acting':
      return `${shown(refusal.current)} shares its turn with its group, which is still acting: \`/init act\` after ${shown(refusal.last)}'s turn.`;
    case 'lair-turn-under-way':
      return `It is ${shown(refusal.lair)}'s lair turn: \`/init act\` once the next turn has started.`;
    case 'all-delayed':
      return 'Everyone else is delaying or dead: someone must come back in with `/init act`.';
  }
}
