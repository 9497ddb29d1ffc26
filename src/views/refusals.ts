import { DAMAGE_QUALIFIERS } from '../combat/damage-amount';
import type { StackProblem } from '../rules/modifiers';
import type { DeadAct, Field, NameSample, Refusal, Stopper } from '../combat/refusals';
import { ABILITIES, DAMAGE_TYPES, TEST_TARGETS, type RulesRefusal } from '../rules/types';
import { shown } from './markdown';
import { listInWords } from './encounter-rules-text';
import { numberedRange } from '../combat/roster';
import { it, its, type Referent } from './pronouns';
import { MODIFIER_SYNTAX } from './condition-text';
import { ordinal } from './spell-levels';
import { ALREADY_HANDLED_TEXT } from './interaction-replies';

/** Most names a refusal lists (a homebrew block's spells or options): a reply stays within Discord's limits. */
const LISTED = 15;

/** "5–6" for a recharge of 5, "6" for 6. */
export function rechargeRange(recharge: number): string {
  return recharge >= 6 ? '6' : `${recharge}–6`;
}

const MANAGERS = 'a member with Manage Channels';

export function listed(sample: NameSample): string {
  const names = sample.names.map(shown).join(', ');
  return sample.more > 0 ? `${names} and ${sample.more} more` : names;
}

/** "is dead", "is dying", "is Stunned": what stops a combatant, to go after its name. */
export function stoppedState(stopper: Stopper): string {
  return stopper.kind === 'condition' ? `is ${stopper.condition}` : `is ${stopper.kind}`;
}

/** Why a dead combatant is refused, and what still works on it. */
function deadText(who: Referent, act: DeadAct): string {
  const name = who.name;
  switch (act) {
    case 'damage':
      return `${name} is dead: damage changes nothing, so none was recorded.`;
    case 'heal':
      return `${name} is dead and cannot regain hit points. \`/hp set\` above 0 brings ${it(who)} back to life first.`;
    case 'temp-hp':
      return `${name} is dead and cannot gain temporary hit points.`;
    case 'attack':
      return `${name} is dead: there is nothing left to attack. Choose a living target.`;
    case 'turn':
      return `${name} is dead and has no turns. \`/hp set\` above 0 brings ${it(who)} back to life first.`;
    case 'condition':
      return `${name} is dead: conditions and effects no longer change anything for ${it(who)} (\`/condition remove\` still clears what ${who.isPlayerCharacter ? 'they' : 'it'} had).`;
  }
}
/** How a refusal names a value the user typed, at the start of its sentence. */
const FIELD_NAMES: Readonly<Record<Field, string>> = {
  count: 'Count',
  initiative: 'Initiative',
  hp: 'HP',
  ac: 'AC',
  'initiative-modifier': 'The initiative modifier',
  'con-save-bonus': 'The Constitution save bonus',
  'save-bonus': 'A saving throw bonus',
  level: 'Level',
  constitution: 'Constitution',
  'legendary-actions': 'Legendary actions',
  'legendary-cost': 'The cost',
  'maximum-hp': 'Maximum HP',
  healing: 'Healing',
  'temporary-hp': 'Temporary HP',
  damage: 'Damage',
  'effect-name': "The effect's name",
  name: 'The name',
  'character-name': "Your character's name",
  note: 'The note',
  trigger: 'The trigger',
};

/** What effects together would do past one of the stack limits, to follow "would". */
function stackProblemText({ limit, total, max }: StackProblem): string {
  switch (limit) {
    case 'ac':
      return `change AC by ${total}, past ±${max}`;
    case 'speed':
      return `change speed by ${total} ft, past ±${max}`;
    case 'flat':
      return `add flat bonuses and penalties of ${total} in all, past ${max}`;
    case 'dice':
      return `roll ${total} dice of bonuses and damage, past ${max}`;
  }
}

/** Why no death save waits, after "has no death save to roll now:". */
function noDeathSaveReason(refusal: Extract<Refusal, { kind: 'no-death-save-due' }>): string {
  const who: Referent = { ...refusal, name: shown(refusal.combatant) };
  switch (refusal.why) {
    case 'not-dying':
      return `${it(who)} is not dying`;
    case 'automatic':
      return 'this fight rolls death saves by itself as each turn starts';
    case 'turn-begun':
      return `one is rolled as each of ${its(who)} turns starts, and this turn has begun`;
    case 'at-turn-start':
      return `it is rolled at the start of ${its(who)} turn`;
  }
}

/** The words for each refusal of the encounter engine; a new kind does not compile until it has some. */
export function refusalText(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'no-encounter':
      return 'There is no encounter in this channel. Start one with `/init begin`.';
    case 'encounter-over':
      return 'That encounter is over; this button no longer does anything.';
    case 'already-handled':
      return ALREADY_HANDLED_TEXT;
    case 'attacker-changed':
      return `The turn moved on while you acted: **${shown(refusal.combatant)}** no longer acts. Run the command again.`;
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
      return deadText({ name: shown(refusal.combatant), isPlayerCharacter: refusal.isPlayerCharacter }, refusal.act);
    case 'cannot-attack-source':
      return `${shown(refusal.combatant)} is ${refusal.condition} by ${shown(refusal.target)} and cannot attack it.`;
    case 'no-armour-class':
      return `${shown(refusal.combatant)} has no Armour Class to roll against: a combatant gets one with \`ac:\` when it is added or joins.`;
    case 'no-sheet-for-bonus':
      return `${shown(refusal.combatant)} has no character sheet to read \`bonus:${refusal.ability}\` from: give the bonus as a number, e.g. \`bonus:5\`.`;
    case 'cannot-concentrate':
      return `${shown(refusal.combatant)} is ${refusal.condition} and cannot concentrate.`;
    case 'too-many-effects':
      return `${shown(refusal.combatant)} already carries ${refusal.max} conditions and effects, the most one combatant may: remove one first (\`/condition remove\`).`;
    case 'too-many-effects-in-encounter':
      return `This encounter already carries ${refusal.max} conditions and effects, the most one may: remove some first (\`/condition remove\`).`;
    case 'modifiers-stack-too-high':
      return `Together, the effects on ${shown(refusal.combatant)} would ${stackProblemText(refusal.problem)}: that is more than any table needs, so it is refused.`;
    case 'bad-modifiers':
      return `${shown(rulesRefusalText(refusal.refusal))}\n${MODIFIER_SYNTAX}`;
    case 'modifiers-on-track':
      return `${refusal.track} has its own mechanics: leave out \`modifiers\`.`;
    case 'no-repeat-save-due':
      return `${refusal.combatant === null ? 'That creature' : shown(refusal.combatant)} has no repeat save to roll now: it comes at the end of ${its(refusal)} turn.`;
    case 'not-affected':
      return `${shown(refusal.combatant)} has no ${shown(refusal.condition)} to remove.`;
    case 'immune-to-condition': {
      // Only the condition asked about, never the rest of the block: a hidden monster's immunities stay unlisted.
      const range = numberedRange(refusal.combatants);
      const who = range === null ? listInWords(refusal.combatants.map(shown)) : shown(range);
      return `${who} ${refusal.combatants.length === 1 ? 'is' : 'are'} immune to ${shown(refusal.condition)}.`;
    }
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
    case 'unknown-action': {
      const known = refusal.known.slice(0, LISTED).map(shown);
      const closest = refusal.closest.map(shown);
      const hint =
        closest.length > 0
          ? `Did you mean ${closest.join(', ')}?`
          : known.length === 0
            ? `Its block has no ${refusal.legendary ? 'legendary ' : ''}actions.`
            : `Its ${refusal.legendary ? 'legendary ' : ''}actions: ${known.join(', ')}.`;
      return `${shown(refusal.monster)} has no ${refusal.legendary ? 'legendary ' : ''}action called "${shown(refusal.typed)}". ${hint}`;
    }
    case 'action-recharging':
      return `${shown(refusal.combatant)}'s ${shown(refusal.action)} is spent: it recharges on ${rechargeRange(refusal.recharge)}, rolled at the start of its turn.`;
    case 'action-used-up':
      return `${shown(refusal.combatant)} has used ${shown(refusal.action)} ${refusal.perDay === null ? 'until it rests' : `${refusal.perDay} time${refusal.perDay === 1 ? '' : 's'} today, all it has`}.`;
    case 'action-not-automated':
      return `${shown(refusal.action)} is not automated: the bot rolls nothing for it. Run it by hand (\`/roll\`, \`/hp\`, \`/condition\`).`;
    case 'action-needs-target':
      return `${shown(refusal.action)} needs a target: \`target:\` takes a combatant, or several separated by commas.`;
    case 'action-too-many-targets':
      return `${shown(refusal.action)} takes at most ${refusal.max} target${refusal.max === 1 ? '' : 's'}, not ${refusal.given}.`;
    case 'no-stat-block':
      return `${shown(refusal.combatant)} was not added from a stat block: add it with \`/init add monster:\`, or roll with \`/attack bonus: damage:\`.`;
    case 'action-is-spell-list':
      return `${shown(refusal.action)} is ${shown(refusal.combatant)}'s list of spells: cast one with \`/cast spell:<name> caster:${shown(refusal.combatant)}\`.`;
    case 'action-casts-choice':
      return `${shown(refusal.action)} casts ${refusal.spells.length === 1 ? '' : 'one of '}${refusal.spells.slice(0, LISTED).map(shown).join(', ')}${refusal.spells.length > LISTED ? ', …' : ''}: cast it with \`/cast spell:<name> caster:${shown(refusal.combatant)}\`.`;
    case 'action-has-options':
      return `${shown(refusal.action)} is a choice: name one of ${refusal.options.slice(0, LISTED).map(shown).join(', ')}${refusal.options.length > LISTED ? ', …' : ''} in \`action:\`.`;
    case 'cantrip-level':
      return `${shown(refusal.spell)} is a cantrip: it takes no slot and no \`level\`; it grows with the caster's level.`;
    case 'spell-level-out-of-range':
      return `${shown(refusal.spell)} is cast at ${ordinal(refusal.lowest)} level or higher, up to ${ordinal(refusal.max)}.`;
    case 'spell-used-up':
      return `${shown(refusal.combatant)} has cast ${shown(refusal.spell)} ${refusal.perDay} time${refusal.perDay === 1 ? '' : 's'} today, all its stat block gives.`;
    case 'no-slots-of-level':
      return refusal.pact
        ? `${shown(refusal.combatant)}'s Pact Magic slots are not ${ordinal(refusal.level)} level: leave \`level\` out to cast at theirs.`
        : `${shown(refusal.combatant)} has no ${ordinal(refusal.level)}-level spell slots: its sheet says which it has (\`/character show\`).`;
    case 'no-slot-left':
      return `${shown(refusal.combatant)} has used all ${refusal.total} ${ordinal(refusal.level)}-level slots: a higher \`level\` may have one left, and a long rest brings them back.`;
    case 'spell-no-ongoing':
      return `${shown(refusal.spell)} deals nothing later: \`ongoing\` rolls what a spell such as Spirit Guardians or Moonbeam deals after its cast.`;
    case 'ongoing-without-concentration': {
      const on = refusal.on === null ? 'is not concentrating' : `concentrates on ${shown(refusal.on)}, not on it`;
      return `${shown(refusal.spell)} has ended: ${shown(refusal.combatant)} ${on}.`;
    }
    case 'spell-needs-target':
      return `${shown(refusal.spell)} needs a target: \`target:\` takes a combatant, or several separated by commas.`;
    case 'reaction-used': {
      const on = refusal.note === null ? '' : ` (${shown(refusal.note)})`;
      return `${shown(refusal.combatant)} has already used ${its(refusal)} reaction${on}; it comes back at the start of ${its(refusal)} turn.`;
    }
    case 'reaction-surprised':
      return `${shown(refusal.combatant)} is surprised: ${refusal.isPlayerCharacter ? 'they have' : 'it has'} no reaction until ${its(refusal)} first turn is over.`;
    case 'reaction-stopped':
      return `${shown(refusal.combatant)} ${stoppedState(refusal.stoppedBy)} and cannot take reactions.`;
    case 'nothing-readied':
      return `${shown(refusal.combatant)} has no readied action: ready one on ${its(refusal)} turn with \`/init ready trigger:<what sets it off>\`.`;
    case 'not-your-turn': {
      const whose = refusal.lair ? `${shown(refusal.current)}'s lair turn` : `${shown(refusal.current)}'s turn`;
      return `It is ${whose}: only ${its(refusal)} ${refusal.lair ? 'game master' : 'player or the game master'} can ${shown(refusal.doing)} now.`;
    }
    case 'no-delay':
      return `The ${refusal.ruleSetName} rules have no delaying: take the turn, or ready an action with \`/init ready\`.`;
    case 'not-delayed':
      return `${shown(refusal.combatant)} is not delaying: \`/init act\` is for a combatant that used \`/init delay\`.`;
    case 'delaying': {
      const who = it({ name: shown(refusal.combatant), isPlayerCharacter: refusal.isPlayerCharacter });
      return `${shown(refusal.combatant)} is delaying, out of the order: \`/init act\` brings ${who} back in right after the turn being taken, at that initiative count; set-initiative works once ${who} is back.`;
    }
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
    case 'not-whole':
      return `${FIELD_NAMES[refusal.field]} must be a whole number from ${refusal.min} to ${refusal.max}.`;
    case 'empty-text':
      return `${FIELD_NAMES[refusal.field]} cannot be empty.`;
    case 'text-too-long':
      return `${FIELD_NAMES[refusal.field]} can be at most ${refusal.max} characters long.`;
    case 'amount-unreadable':
      return `${FIELD_NAMES[refusal.field]} must be a number or dice such as \`2d6+3\`: ${refusal.message}`;
    case 'amount-unrolled':
      return `${FIELD_NAMES[refusal.field]}: ${refusal.message}`;
    case 'amount-negative':
      return `${FIELD_NAMES[refusal.field]} came to ${refusal.total}; it cannot be negative.`;
    case 'amount-too-large':
      return `${FIELD_NAMES[refusal.field]} can be at most ${refusal.max}.`;
    case 'not-a-damage-type':
      return (
        `[${shown(refusal.annotation)}] is not a damage type. Use one of: ${DAMAGE_TYPES.join(', ')}` +
        ` (${DAMAGE_QUALIFIERS.join(', ')} may come with it).`
      );
    case 'dead-cannot-concentrate':
      return `${shown(refusal.combatant)} is dead and cannot concentrate.`;
    case 'not-concentrating':
      return `${shown(refusal.combatant)} is not concentrating on anything.`;
    case 'no-concentration-save-due':
      return `${shown(refusal.combatant)} has no concentration save to roll.`;
    case 'no-death-save-due':
      return `${shown(refusal.combatant)} has no death save to roll now: ${noDeathSaveReason(refusal)}.`;
    case 'group-none-alive':
      return 'None of them is still in the fight and alive, so nothing was changed.';
    case 'character-already-in-fight':
      return `Your character is already in this fight, as ${shown(refusal.as)}.`;
    case 'hp-rolled-out-of-range':
      return `HP rolled for ${shown(refusal.combatant)} came to ${refusal.total} (${refusal.rendered}): hit points must be from 1 to ${refusal.max}, so nobody was added.`;
    case 'nothing-to-undo':
      return 'There is nothing to undo.';
    case 'encounter-name-too-long':
      return `The encounter's name can be at most ${refusal.max} characters long.`;
    case 'name-taken':
      return `There is already a combatant called ${shown(refusal.existing)}: choose another name.`;
    case 'too-many-combatants': {
      const room = refusal.max - refusal.has;
      // Only a `count:` group can be too many while there is room: one newcomer fits until the fight is full.
      return room > 0
        ? `An encounter holds at most ${refusal.max} combatants; it has ${refusal.has}, so ${room} more can join (\`count:${room}\` at most).`
        : `An encounter holds at most ${refusal.max} combatants, and this one is full: \`/init remove\` the dead to make room.`;
    }
    case 'rules':
      return rulesRefusalText(refusal.refusal);
  }
}

const NO_DEATH_SAVE = {
  dead: 'The dead make no death saves.',
  conscious: 'Death saves are only for a creature at 0 hit points.',
  stable: 'A stable creature makes no death saves.',
} as const;

const CANNOT_STABILISE = {
  dead: "The dead can't be stabilised.",
  conscious: 'Only a creature at 0 hit points needs stabilising.',
  stable: 'That creature is already stable.',
} as const;

/** The words for each refusal of the rules engine. */
export function rulesRefusalText(refusal: RulesRefusal): string {
  switch (refusal.kind) {
    case 'no-death-save':
      return refusal.why === 'not-a-player'
        ? `In the ${refusal.ruleSetName} rules only player characters, and creatures the GM marks important, make death saves.`
        : NO_DEATH_SAVE[refusal.why];
    case 'cannot-stabilise':
      return CANNOT_STABILISE[refusal.why];
    case 'cannot-recover-alone':
      return 'Only a stable creature at 0 hit points recovers on its own.';
    case 'no-temp-hp-in-rules':
      return `The ${refusal.ruleSetName} rules have no temporary hit points.`;
    case 'temp-hp-not-whole':
      return 'Temporary hit points must be a whole number, 0 or more.';
    case 'dead-cannot-gain-temp-hp':
      return "The dead can't gain temporary hit points.";
    case 'no-inspiration-in-rules':
      return `The ${refusal.ruleSetName} rules have no Heroic Inspiration.`;
    case 'no-inspiration-left':
      return 'No Heroic Inspiration to spend.';
    case 'dodge-does-nothing':
      return refusal.condition === null ? 'Dodging does nothing at speed 0.' : `Dodging does nothing while ${refusal.condition}.`;
    case 'bonus-out-of-range':
      return refusal.rolled === null
        ? `A bonus goes from -${refusal.max} to +${refusal.max}.`
        : `That bonus came to ${refusal.rolled}; a bonus goes from -${refusal.max} to +${refusal.max}.`;
    case 'bonus-dice':
      return refusal.message;
    case 'no-such-condition':
      return `${refusal.condition} is not a condition in the ${refusal.ruleSetName} rules.`;
    case 'no-such-track':
      return `The ${refusal.ruleSetName} rules have no ${refusal.track} track.`;
    case 'track-level-out-of-range':
      return `${refusal.track} goes from 0 to ${refusal.max}.`;
    case 'rest-variant-not-in-rules':
      return `The optional and experimental rest rules belong to the D&D Next playtest, not the ${refusal.ruleSetName} rules.`;
    case 'cannot-rest':
      return refusal.why === 'dead' ? "The dead can't rest." : 'A creature needs at least 1 hit point to rest.';
    case 'hit-dice-not-whole':
      return 'Spend a whole number of Hit Dice.';
    case 'hit-dice-unavailable': {
      const why = refusal.halvedByFatigue ? ' (fatigue 5 halves them)' : '';
      return `Only ${refusal.usable} d${refusal.sides} Hit ${refusal.usable === 1 ? 'Die is' : 'Dice are'} available${why}.`;
    }
    case 'hit-dice-heal-nothing':
      return `HP are at the maximum (${refusal.hp}/${refusal.max}), so Hit Dice would heal nothing: none was spent.`;
    case 'hit-dice-need-healers-kit':
      return "In the D&D Next playtest, spending Hit Dice on a short rest needs a healer's kit or a feature that allows it.";
    case 'modifier-not-a-term':
      return `"${refusal.token}" needs a signed number or dice, such as +2 or +1d4.`;
    case 'modifier-flat-too-large':
      return `"${refusal.token}": a flat bonus goes up to ${refusal.max}.`;
    case 'modifier-dice-out-of-range':
      return `"${refusal.token}": from 1 to ${refusal.dice} dice of 2 to ${refusal.sides} sides.`;
    case 'modifier-not-signed-whole':
      return `"${refusal.token}" needs a signed whole number, such as +2 or -10.`;
    case 'modifier-out-of-range':
      return `"${refusal.token}" goes from -${refusal.bound} to +${refusal.bound}.`;
    case 'modifier-unknown-test':
      return `"${refusal.token}": the test is one of ${TEST_TARGETS.join(', ')}.`;
    case 'modifier-unknown-ability':
      return `"${refusal.token}": the ability is one of ${ABILITIES.join(', ')}.`;
    case 'modifier-unknown-damage-type':
      return `"${refusal.token}": damage types are ${DAMAGE_TYPES.join(', ')}.`;
    case 'modifier-unknown':
      return `"${refusal.token}" is not a modifier I know.`;
    case 'modifiers-too-long':
      return `Modifiers are at most ${refusal.max} characters.`;
    case 'no-modifiers':
      return 'No modifiers given.';
    case 'too-many-modifiers':
      return `At most ${refusal.max} modifiers on one effect.`;
  }
}
