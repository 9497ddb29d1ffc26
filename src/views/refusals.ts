import type { NameSample, Refusal } from '../combat/refusals';

const MANAGERS = 'a member with Manage Channels';

function listed(sample: NameSample): string {
  return sample.more > 0 ? `${sample.names.join(', ')} and ${sample.more} more` : sample.names.join(', ');
}

/** The words for each refusal of the encounter engine; a new kind does not compile until it has some. */
export function refusalText(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'no-encounter':
      return 'There is no encounter in this channel. Start one with `/init begin`.';
    case 'encounter-exists': {
      const { existing } = refusal;
      const which = existing === null ? 'an encounter' : `${existing.name} (game master: ${existing.gameMasterName})`;
      return `This channel already has ${which}. End it with \`/init end\` before beginning another.`;
    }
    case 'no-combatants':
      return 'There are no combatants yet: add monsters with `/init add` or join with `/init join`.';
    case 'no-target-named':
      return 'Name a combatant as the target.';
    case 'unknown-target':
      return `There is no combatant called "${refusal.typed}" here. The combatants are ${listed(refusal.combatants)}.`;
    case 'ambiguous-target':
      return `"${refusal.typed}" could be ${listed(refusal.matches)}: which one?`;
    case 'not-game-master':
      return `Only the game master (${refusal.gameMasterName}) or ${MANAGERS} can ${refusal.doing}.`;
    case 'not-your-combatant': {
      const gameMaster = `the game master (${refusal.gameMasterName}) or ${MANAGERS}`;
      const who = refusal.player === null ? gameMaster : `${refusal.player}'s player, ${gameMaster}`;
      return `Only ${who} can ${refusal.doing}.`;
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
      return `${refusal.combatant} has no hit points yet: the game master can give it some with \`/hp max\`.`;
    case 'above-maximum-hp':
      return `${refusal.combatant}'s HP can be at most ${refusal.ceiling}; raise the maximum with \`/hp max\` first.`;
  }
}
