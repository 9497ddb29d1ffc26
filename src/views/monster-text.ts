import {
  averageOf,
  parseDice,
  type Area,
  type AttackRoll,
  type BookId,
  type ConditionEffect,
  type DamagePart,
  type Dice,
  type Effect,
  type HomebrewIssue,
  type Monster,
  type MonsterAction,
  type MonsterSource,
  type Multiattack,
  type QualifiedDefence,
  type SavingThrow,
  type SpellRef,
  type Spellcasting,
  type Trait,
  type Uses,
} from '../compendium';
import { withCommas } from '../dice/limits';
import type { Skill } from '../rules/skills';
import { abilityModifier } from '../rules/state';
import { ABILITIES, type Ability } from '../rules/types';
import { skillName } from './ability-test-text';
import { orDidYouMean, otherBookHint } from './bestiary-text';
import { signed } from './character-sheet';
import { compactLabels } from './condition-labels';
import { COLORS, EMBED_LIMITS, embedLength, fieldsOfLines } from './embeds';
import { title } from './encounter-rules-text';
import { shown, shownWithin } from './markdown';
import type { Embed, EmbedField, Reply } from './reply';

// Every word of a stat block is the bot's own: the data holds numbers and names, never the SRD's
// prose. Names, notes and free text of a homebrew block are user input and are escaped.

const SOURCE_NAMES: Readonly<Record<MonsterSource, string>> = {
  'srd-5.2': 'SRD 5.2 (CC-BY-4.0, Wizards of the Coast)',
  'srd-5.1': 'SRD 5.1 (CC-BY-4.0, Wizards of the Coast)',
  homebrew: "This server's own monster",
};

function short(ability: Ability): string {
  return title(ability);
}

/** `13 (1d10+8)`, or a flat `5`. */
function diceWords(dice: Dice): string {
  const formula = parseDice(dice);
  if (formula === null) return shown(dice);
  return formula.count === 0 ? String(formula.bonus) : `${averageOf(formula)} (${dice})`;
}

function damageWords(parts: readonly DamagePart[]): string {
  return parts
    .map((part) => `${diceWords(part.dice)}${part.plusModifier ? ' + its spellcasting modifier' : ''} ${part.type}`)
    .join(' plus ');
}

function feet(distance: number): string {
  return `${distance} ft.`;
}

function attackWords(attack: AttackRoll): string {
  const kind = { melee: 'Melee', ranged: 'Ranged', 'melee-or-ranged': 'Melee or ranged' }[attack.kind];
  const bonus = attack.bonus === undefined ? 'spell attack bonus' : signed(attack.bonus);
  const reach = attack.reach === undefined ? [] : [`reach ${feet(attack.reach)}`];
  const range =
    attack.range === undefined
      ? []
      : [`range ${attack.longRange === undefined ? attack.range : `${attack.range}/${attack.longRange}`} ft.`];
  return [`${kind} attack ${bonus}`, [...reach, ...range].join(' or ')].filter((part) => part !== '').join(', ');
}

function saveWords(save: SavingThrow): string {
  return `${save.dc === undefined ? 'spell save DC' : `DC ${save.dc}`} ${short(save.ability)} save`;
}

function areaWords(area: Area): string {
  const radius = area.shape === 'sphere' || area.shape === 'cylinder' ? '-radius' : '';
  const width = area.width === undefined ? '' : `, ${feet(area.width)} wide`;
  return `${area.size}-ft.${radius} ${area.shape}${width}`;
}

function durationWords(duration: NonNullable<ConditionEffect['duration']>): string {
  if (duration.kind === 'spell') return 'while the spell lasts';
  if (duration.kind === 'turn') {
    const whose = duration.whose === 'target' ? "the target's" : "this creature's";
    return `until the ${duration.boundary} of ${whose} next turn`;
  }
  const unit = { rounds: 'round', minutes: 'minute', hours: 'hour' }[duration.kind];
  return `for ${duration.count} ${unit}${duration.count === 1 ? '' : 's'}`;
}

function conditionWords(effect: ConditionEffect): string {
  const details = [
    ...(effect.duration === undefined ? [] : [durationWords(effect.duration)]),
    ...(effect.repeatSave === undefined ? [] : [`save again at the ${effect.repeatSave} of each of its turns`]),
    ...(effect.escapeDc === undefined ? [] : [`escape DC ${effect.escapeDc}`]),
    ...(effect.maxSize === undefined ? [] : [`${title(effect.maxSize)} or smaller`]),
  ];
  return `${title(effect.condition)}${details.length === 0 ? '' : ` (${details.join(', ')})`}`;
}

/** What one use does, with its numbers: `Melee attack +14, reach 10 ft.; hit: 13 (1d10+8) slashing plus 5 (2d4) fire`. */
function effectWords(effect: Effect): string {
  const setup = [
    ...(effect.attack === undefined ? [] : [attackWords(effect.attack)]),
    ...(effect.area === undefined ? [] : [areaWords(effect.area)]),
    ...(effect.save === undefined ? [] : [saveWords(effect.save)]),
    ...(effect.targets === undefined ? [] : [`up to ${effect.targets} target${effect.targets === 1 ? '' : 's'}`]),
    ...(effect.instances === undefined ? [] : [`${effect.instances} separate rolls`]),
    ...(effect.concentration ? ['concentration'] : []),
  ];
  const outcome = [
    ...(effect.damage === undefined || effect.damage.length === 0 ? [] : [damageWords(effect.damage)]),
    ...(effect.conditions ?? []).map(conditionWords),
  ];
  const after = [
    ...(effect.save?.onSuccess === 'half' && effect.damage !== undefined ? ['half on a success'] : []),
    ...(effect.onMiss === 'half' ? ['half on a miss'] : []),
  ];
  const lead = effect.attack !== undefined ? 'hit: ' : effect.save !== undefined ? 'failure: ' : '';
  const results = [
    ...(outcome.length === 0 ? [] : [`${lead}${[outcome.join(' and '), ...after].join(', ')}`]),
    ...(effect.healing === undefined
      ? []
      : [`heals ${diceWords(effect.healing.dice)}${effect.healing.plusModifier ? ' + its modifier' : ''}`]),
    ...(effect.tempHp === undefined ? [] : [`${diceWords(effect.tempHp.dice)} temporary HP`]),
    ...(effect.then === undefined ? [] : [`then, on a hit: ${effectWords(effect.then)}`]),
  ];
  return [setup.join(', '), ...results].filter((part) => part !== '').join('; ');
}

function usesWords(uses: Uses): string[] {
  return [
    ...(uses.recharge === undefined ? [] : [uses.recharge === 6 ? 'Recharge 6' : `Recharge ${uses.recharge}–6`]),
    ...(uses.perDay === undefined ? [] : [`${uses.perDay}/Day`]),
    ...(uses.perRest ? ['once per short or long rest'] : []),
  ];
}

function spellWords(spell: SpellRef): string {
  return `${shown(spell.name)}${spell.level === undefined ? '' : ` (level ${spell.level})`}`;
}

function either(names: readonly string[]): string {
  const escaped = names.map(shown);
  return escaped.length > 1 ? `(${escaped.join(' or ')})` : (escaped[0] ?? '');
}

function multiattackWords(multiattack: Multiattack): string {
  const steps = multiattack.steps.map((step) => `${either(step.actions)} ×${step.count}`).join(', ');
  const replace = multiattack.replace;
  return replace === undefined ? steps : `${steps}; may replace ${replace.count} of them with ${either(replace.actions)}`;
}

function actionBody(action: MonsterAction): string {
  const parts = [
    ...(action.multiattack === undefined ? [] : [multiattackWords(action.multiattack)]),
    ...(action.runs === undefined ? [] : [`uses ${shown(action.runs.action)}${action.runs.count === 1 ? '' : ` ×${action.runs.count}`}`]),
    ...(action.casts === undefined ? [] : [`casts ${action.casts.map(spellWords).join(' or ')}`]),
    ...(action.spellcasting ? ['casts one of its spells (below)'] : []),
    effectWords(action),
    ...(action.options === undefined ? [] : [`one of: ${action.options.map((o) => `*${shown(o.name)}*: ${effectWords(o)}`).join('; ')}`]),
  ].filter((part) => part !== '');
  if (parts.length === 0) parts.push(action.manual ? 'not automated' : 'no numbers');
  return parts.join('; ');
}

function actionLine(action: MonsterAction): string {
  const tags = [
    ...usesWords(action),
    ...(action.oncePerTurn ? ['once per turn'] : []),
    ...(action.cost !== undefined && action.cost > 1 ? [`costs ${action.cost}`] : []),
    ...(action.form === undefined ? [] : [shown(action.form)]),
  ];
  const note = action.note === undefined ? '' : ` — ${shown(action.note)}`;
  return `**${shown(action.name)}**${tags.length === 0 ? '' : ` (${tags.join(', ')})`}: ${actionBody(action)}.${note}`;
}

function traitLine(trait: Trait): string {
  const tags = usesWords(trait);
  if (trait.perDayInLair !== undefined) tags.push(`${trait.perDayInLair}/Day in its lair`);
  const note = trait.note === undefined ? '' : `: ${shown(trait.note)}`;
  return `**${shown(trait.name)}**${tags.length === 0 ? '' : ` (${tags.join(', ')})`}${note}`;
}

function spellcastingLine(entry: Spellcasting): string {
  const numbers = [
    short(entry.ability),
    ...(entry.dc === undefined ? [] : [`DC ${entry.dc}`]),
    ...(entry.attackBonus === undefined ? [] : [`${signed(entry.attackBonus)} to hit`]),
    ...(entry.casterLevel === undefined ? [] : [`caster level ${entry.casterLevel}`]),
  ];
  const lists = [
    ...(entry.atWill === undefined ? [] : [`at will: ${entry.atWill.map(spellWords).join(', ')}`]),
    ...(entry.perDay ?? []).map((group) => `${group.uses}/Day each: ${group.spells.map(spellWords).join(', ')}`),
    ...(entry.slots ?? []).map(
      (group) => `level ${group.level} (${group.slots} slot${group.slots === 1 ? '' : 's'}): ${group.spells.map(spellWords).join(', ')}`,
    ),
  ];
  return `**${shown(entry.name)}** (${numbers.join(', ')}): ${lists.join('; ') || 'no spells listed'}.`;
}

const AGAINST: Readonly<Record<QualifiedDefence['against'], string>> = {
  nonmagical: 'from nonmagical attacks',
  'nonmagical-unsilvered': 'from nonmagical attacks not made with silvered weapons',
  'nonmagical-not-adamantine': 'from nonmagical attacks not made with adamantine weapons',
  'magic-weapons-of-good': 'from magic weapons wielded by good creatures',
  spells: 'from spells',
};

function defenceLine(label: string, kind: QualifiedDefence['kind'], types: readonly string[] | undefined, monster: Monster): string[] {
  const qualified = (monster.qualifiedDefences ?? [])
    .filter((d) => d.kind === kind)
    .map((d) => `${d.types.join(', ')} ${AGAINST[d.against]}`);
  const all = [...(types === undefined || types.length === 0 ? [] : [types.join(', ')]), ...qualified];
  return all.length === 0 ? [] : [`**${label}** ${all.join('; ')}`];
}

function speedWords(monster: Monster): string {
  const { walk, hover, ...others } = monster.speed;
  const modes = (['burrow', 'climb', 'fly', 'swim'] as const).flatMap((mode) => {
    const distance = others[mode];
    return distance === undefined ? [] : [`${mode} ${feet(distance)}${mode === 'fly' && hover ? ' (hover)' : ''}`];
  });
  return [feet(walk), ...modes].join(', ');
}

function sensesWords(monster: Monster): string {
  const { passivePerception, ...ranges } = monster.senses;
  const senses = (['blindsight', 'darkvision', 'tremorsense', 'truesight'] as const).flatMap((sense) => {
    const distance = ranges[sense];
    return distance === undefined ? [] : [`${sense} ${feet(distance)}`];
  });
  return [...senses, `passive Perception ${passivePerception}`].join(', ');
}

function bonusesWords<K extends string>(bonuses: Readonly<Partial<Record<K, number>>> | undefined, nameOf: (key: K) => string): string {
  return (Object.entries(bonuses ?? {}) as [K, number | undefined][])
    .flatMap(([key, bonus]) => (bonus === undefined ? [] : [`${nameOf(key)} ${signed(bonus)}`]))
    .join(', ');
}

/** The numbers above the actions: defences, senses, challenge. */
function headerLines(monster: Monster): string[] {
  const kind = `*${title(monster.size)} ${shown(monster.type)}${monster.alignment === undefined ? '' : `, ${shown(monster.alignment)}`}*`;
  const armour = monster.armor === undefined ? '' : ` (${shown(monster.armor)})`;
  const abilities = ABILITIES.map((ability) => {
    const score = monster.abilities[ability];
    return `**${ability.toUpperCase()}** ${score} (${signed(abilityModifier(score))})`;
  }).join(' · ');
  const saves = bonusesWords<Ability>(monster.saves, short);
  const skills = bonusesWords<Skill>(monster.skills, skillName);
  const conditions = (monster.conditionImmunities ?? []).map(title).join(', ');
  return [
    kind,
    `**AC** ${monster.ac}${armour} · **HP** ${monster.hp} (${monster.hitDice}) · **Initiative** ${signed(monster.initiative)}`,
    `**Speed** ${speedWords(monster)}`,
    abilities,
    ...(saves === '' ? [] : [`**Saves** ${saves}`]),
    ...(skills === '' ? [] : [`**Skills** ${skills}`]),
    ...defenceLine('Resistances', 'resistance', monster.resistances, monster),
    ...defenceLine('Immunities', 'immunity', monster.immunities, monster),
    ...defenceLine('Vulnerabilities', 'vulnerability', monster.vulnerabilities, monster),
    ...(conditions === '' ? [] : [`**Condition immunities** ${conditions}`]),
    `**Senses** ${sensesWords(monster)}`,
    ...(monster.languages === undefined ? [] : [`**Languages** ${shown(monster.languages)}`]),
    `**CR** ${monster.cr} (${withCommas(monster.xp)} XP) · **Proficiency bonus** ${signed(monster.proficiencyBonus)}`,
  ];
}

function allActions(monster: Monster): MonsterAction[] {
  return [...(monster.actions ?? []), ...(monster.bonusActions ?? []), ...(monster.reactions ?? []), ...(monster.legendary?.actions ?? [])];
}

/** The actions the game master runs by hand, or finishes by hand, named without their text. */
function gameMastersPart(monster: Monster): string[] {
  const actions = allActions(monster);
  const manual = actions.filter((action) => action.manual).map((action) => shown(action.name));
  const partial = actions
    .filter((action) => !action.manual && (action.partial || (action.options ?? []).some((option) => option.partial)))
    .map((action) => shown(action.name));
  return [
    ...(manual.length === 0 ? [] : [`**Not automated**, yours to run: ${manual.join(', ')}.`]),
    ...(partial.length === 0 ? [] : [`**Partly automated**, the bot rolls and you do the rest: ${partial.join(', ')}.`]),
  ];
}

function sections(monster: Monster): { name: string; lines: string[] }[] {
  const legendary = monster.legendary;
  const listed: { name: string; lines: string[] }[] = [
    { name: 'Traits', lines: (monster.traits ?? []).map(traitLine) },
    { name: 'Actions', lines: (monster.actions ?? []).map(actionLine) },
    { name: 'Bonus actions', lines: (monster.bonusActions ?? []).map(actionLine) },
    { name: 'Reactions', lines: (monster.reactions ?? []).map(actionLine) },
    {
      name: legendary === undefined ? 'Legendary actions' : `Legendary actions (${legendary.perRound} a round)`,
      lines: (legendary?.actions ?? []).map(actionLine),
    },
    { name: 'Spells', lines: (monster.spellcasting ?? []).map(spellcastingLine) },
    { name: "Game master's part", lines: gameMastersPart(monster) },
  ];
  return listed.filter((section) => section.lines.length > 0);
}

/** Room kept for the footer, which says where the block comes from and what was left out. */
const FOOTER_ROOM = 300;

function fits(embed: Embed, fields: readonly EmbedField[]): boolean {
  return fields.length <= EMBED_LIMITS.fields && embedLength({ ...embed, fields: [...fields] }) <= EMBED_LIMITS.total - FOOTER_ROOM;
}

/**
 * A monster's stat block as one embed within Discord's limits: the numbers in the description, each
 * kind of action in fields of at most 1,024 characters. What does not fit is named in the footer.
 */
export function monsterEmbed(monster: Monster, source: MonsterSource, privateNote?: string): Embed {
  const embed: Embed = {
    title: shown(monster.name).slice(0, EMBED_LIMITS.title),
    description: headerLines(monster).join('\n').slice(0, EMBED_LIMITS.description),
    color: source === 'homebrew' ? COLORS.neutral : COLORS.info,
  };
  const fields: EmbedField[] = [];
  const left: string[] = [];
  for (const section of sections(monster)) {
    const sectionFields = fieldsOfLines(section.name, section.lines);
    const fitting = left.length > 0 ? 0 : sectionFields.findIndex((_, i) => !fits(embed, [...fields, ...sectionFields.slice(0, i + 1)]));
    if (fitting === -1) fields.push(...sectionFields);
    else {
      fields.push(...sectionFields.slice(0, fitting));
      left.push(fitting === 0 ? section.name : `the rest of ${section.name}`);
    }
  }
  const footer = [
    SOURCE_NAMES[source],
    ...(left.length === 0 ? [] : [`Too long for one message: ${left.join(', ')} left out.`.slice(0, 200)]),
    ...(privateNote === undefined ? [] : [privateNote]),
  ];
  return { ...embed, ...(fields.length === 0 ? {} : { fields }), footer: footer.join(' · ') };
}

/** `/monster show`: the block, to the caller alone unless shared. */
export function monsterReply(monster: Monster, source: MonsterSource, view: 'private' | 'shared' | 'hidden'): Reply {
  const note = view === 'hidden' ? 'Only you see this: a hidden combatant of this fight uses this block.' : undefined;
  return { embeds: [monsterEmbed(monster, source, note)], ephemeral: view !== 'shared' };
}

/**
 * "No monster called Goblen. Did you mean Goblin Warrior, Goblin Boss?"; when the other book has the
 * name (`elsewhere`), it says so first.
 */
export function unknownMonsterText(typed: string, closest: readonly string[], elsewhere: BookId | null = null): string {
  const unknown = `No monster called ${shown(typed)}.`;
  if (elsewhere !== null) return `${unknown} ${otherBookHint(elsewhere)}${orDidYouMean(closest)}`;
  if (closest.length === 0) return `${unknown} Check the spelling, or look in the other book with \`source:\`.`;
  return `${unknown} Did you mean ${closest.map(shown).join(', ')}?`;
}

/** A player asking for the block of a monster the game master keeps hidden: no numbers, not even whether it exists elsewhere. */
export const HIDDEN_MONSTER_REFUSAL = "That stat block is the game master's while a hidden combatant of this fight uses it.";

/** How much of a field or a reason a problem shows: a file's key or value may run to its whole size. */
const ISSUE_PART_MAX_LENGTH = 180;

/** Why a homebrew file was refused: each field and reason, escaped and cut short (the file is user input). */
export function homebrewIssuesReply(issues: readonly HomebrewIssue[]): Reply {
  const within = (text: string) => shownWithin(text, ISSUE_PART_MAX_LENGTH);
  return {
    ephemeral: true,
    embeds: [
      {
        title: 'Nothing imported: the file has problems',
        description: issues.map((issue) => `• **${within(issue.field)}**: ${within(issue.reason)}`).join('\n'),
        footer: 'Nothing of the file was saved: fix it and import the whole file again.',
        color: COLORS.danger,
      },
    ],
  };
}

/** A server already at its limit: nothing of the file was saved. */
export function homebrewFullText(held: number, limit: number): string {
  return `Nothing imported: a server keeps at most ${limit} monsters, and this one holds ${held}. Delete some with \`/monster delete\` first.`;
}

/** Names within a budget, the rest counted. */
function namesWords(names: readonly string[]): string {
  return compactLabels(names.map(shown), 1500);
}

export function homebrewImportedReply(added: readonly string[], replaced: readonly string[], held: number, limit: number): Reply {
  const lines = [
    ...(added.length === 0 ? [] : [`**Added** (${added.length}): ${namesWords(added)}`]),
    ...(replaced.length === 0 ? [] : [`**Replaced** (${replaced.length}): ${namesWords(replaced)}`]),
  ];
  return {
    ephemeral: true,
    embeds: [
      {
        title: 'Monsters imported',
        description: lines.join('\n'),
        footer: `This server keeps ${held} of at most ${limit}. Show one with /monster show.`,
        color: COLORS.success,
      },
    ],
  };
}

export function homebrewDeletedReply(name: string): Reply {
  return { ephemeral: true, embeds: [{ description: `Deleted **${shown(name)}** from this server's monsters.`, color: COLORS.success }] };
}

export function noHomebrewText(typed: string): string {
  return `This server has no monster of its own called ${shown(typed)}: \`/monster list\` shows them.`;
}

export function homebrewListReply(monsters: readonly { name: string; cr: string }[], limit: number): Reply {
  return {
    ephemeral: true,
    embeds: [
      {
        title: `This server's monsters (${monsters.length} of at most ${limit})`,
        description:
          monsters.length === 0
            ? 'None yet: a member with Manage Server adds them with `/monster import`.'
            : compactLabels(
                monsters.map(({ name, cr }) => `${shown(name)} (CR ${shown(cr)})`),
                EMBED_LIMITS.description,
              ),
        color: COLORS.info,
      },
    ],
  };
}
