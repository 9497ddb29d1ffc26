import { effectAtLevel, ongoingAtLevel } from '../../src/compendium/effects';
import type {
  Amount,
  ConditionEffect,
  DamagePart,
  Effect,
  EffectDuration,
  Ongoing,
  Scaling,
  Spell,
  SpellDuration,
  SpellRange,
  SpellSchool,
} from '../../src/compendium/types';
import { SPELL_SCHOOLS } from '../../src/compendium/types';
import { MAX_COMBATANTS } from '../../src/combat/types';
import type { Ability, ConditionKey, DamageType } from '../../src/rules/types';
import { areaOf } from './actions';
import type { CastingOptionFields, Keyed, SpellFields, SrdBook } from './srd-files';
import { abilityOf, compactDice, conditionOf, countOf, damageTypeOf, durationOf as effectDurationOf, normalise, sentences } from './text';

/** What the converter noticed in one book's spells. */
export interface SpellReport {
  /** `SpellCastingOption` rows whose dice disagree with the scaling read from `higher_level` (the text wins). */
  optionDisagreements: { spell: string; option: string; fields: string; text: string }[];
  /** Spell fields that disagree with the spell's text. */
  fieldDisagreements: { spell: string; field: string; fields: string; text: string }[];
}

const CONDITION_PATTERN =
  'blinded|charmed|deafened|frightened|grappled|incapacitated|invisible|paralyzed|petrified|poisoned|prone|restrained|stunned|unconscious';
/** The 2014 text names some conditions by their nouns. */
const CONDITION_NOUNS: Readonly<Record<string, string>> = { blindness: 'blinded', deafness: 'deafened' };
const DAMAGE_WORDS = 'acid|bludgeoning|cold|fire|force|lightning|necrotic|piercing|poison|psychic|radiant|slashing|thunder';

/** Spells whose text the patterns misread: the bot only announces them. */
const ANNOUNCED_ONLY: ReadonlySet<string> = new Set([
  // Its save and the damage of a failure are the caster's own.
  'Contact Other Plane',
  // The 2024 target's damage comes when it wakes, and its Incapacitated is the messenger's.
  'Dream',
  // Its Unconscious is the state of the bodies left behind, not a condition cast on a creature.
  'Astral Projection',
  // The 2014 hound's bite comes at the start of the caster's turns, not as the spell is cast.
  'Faithful Hound',
  // Its Invisible is the portal's.
  'Magnificent Mansion',
  // A glyph that acts only when triggered, with the one of its eight effects the caster chose.
  'Symbol',
]);
/**
 * Growth open5e's record leaves out, where the SRD's own text has it: the 2014 Heroism takes one more
 * creature for each slot level above 1st (its higher-level text is missing from the record).
 */
const GROWTH_MISSING: Readonly<Record<string, Scaling>> = {
  srd_heroism: { targets: 1 },
};
/** The ability a text's saving throw is made with ("a Dexterity saving throw"). */
const SAVE_ABILITY = /\b(Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw\b/i;
/** A creature sent to another plane (Divine Word's celestials and fiends, Dispel Evil and Good): the bot cannot, the table does. */
const SENT_AWAY = /\b(?:forced|sent) back to its (?:plane of origin|home plane)\b/i;

export function convertSpells(book: SrdBook): { spells: Spell[]; report: SpellReport } {
  const report: SpellReport = { optionDisagreements: [], fieldDisagreements: [] };
  const optionsOf = new Map<string, Keyed<CastingOptionFields>[]>();
  for (const option of book.castingOptions) optionsOf.set(option.parent, [...(optionsOf.get(option.parent) ?? []), option]);
  const spells = book.spells
    .map((spell) => convertSpell(spell, optionsOf.get(spell.key) ?? [], report))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { spells, report };
}

function convertSpell(row: Keyed<SpellFields>, options: readonly Keyed<CastingOptionFields>[], report: SpellReport): Spell {
  const text = normalise(row.desc);
  const school = row.school.toLowerCase();
  if (!(SPELL_SCHOOLS as readonly string[]).includes(school)) throw new Error(`${row.name}: school ${row.school}`);
  const base: Spell = {
    name: row.name,
    level: row.level,
    school: school as SpellSchool,
    castingTime: row.casting_time.replace(/^(\d+)(\w)/, '$1 $2').replace('-', ' '),
    ...(row.ritual ? { ritual: true as const } : {}),
    range: rangeOf(row),
    components: [row.verbal ? 'V' : '', row.somatic ? 'S' : '', row.material ? 'M' : ''].filter((c) => c !== '').join(', '),
    duration: durationOf(row.duration),
    ...(row.concentration ? { concentration: true as const } : {}),
    classes: row.classes.map((key) => key.replace(/^srd(?:-2024)?_/, '')).sort(),
  };
  // A storm that brings something new each round (Storm of Vengeance's "Round 2. Acidic rain…"):
  // the cast deals the first round's, and the rounds after it are the table's.
  const scheduled = SCHEDULE.exec(text)?.index;
  const effect = readEffect(row, scheduled === undefined ? text : text.slice(0, scheduled), report);
  const later = ANNOUNCED_ONLY.has(row.name) || scheduled !== undefined ? null : ongoingOf(text, row, effect);
  const ongoing = later?.ongoing ?? null;
  // A 2014 cantrip may say how it grows in its description alone (Eldritch Blast's beams).
  const higher = row.higher_level || (row.level === 0 ? text : '');
  const missing = GROWTH_MISSING[row.key];
  const read = readScaling(higher, row.level, { cast: effect.damage ?? [], later: ongoing?.damage ?? [] });
  const scaling = missing === undefined ? read : { ...read, perSlot: { ...read.perSlot, ...missing } };
  const spell: Spell = { ...base, ...effect, ...(ongoing === null ? {} : { ongoing }), ...scaling };
  const mechanical = ['attack', 'save', 'damage', 'healing', 'tempHp', 'conditions', 'killsAtOrBelow', 'ongoing'].some(
    (key) => key in spell,
  );
  if (!mechanical || ANNOUNCED_ONLY.has(row.name)) return { ...base, manual: true, ...announcedTargets(text, base.range, effect, scaling) };
  if (
    scheduled !== undefined ||
    uncaptured(text, spell) ||
    SENT_AWAY.test(text) ||
    savesForNothing(spell) ||
    later?.partial === true ||
    (row.higher_level !== '' && scaling.perSlot === undefined && scaling.perTier === undefined)
  )
    spell.partial = true;
  compareOptions(spell, options, report);
  return spell;
}

/** An opening that names one creature as the spell's target: "Choose a willing creature", "a creature of your choice within range". */
const ONE_WITHIN_RANGE =
  /\b(?:a|one) (?:willing )?creature(?:,| of your choice| (?:that )?you can see)? within range\b|^(?:You )?choose (?:a|one) (?:willing )?creature\b/i;

/**
 * How many creatures an announced spell may be cast on, where its text counts them (Bless: up to
 * three, one more for each slot level above 1st; Fly: one, one more a slot level), or where its
 * range is a touch, which reaches one creature unless the text counts more (Heroism, Mage Armor), or
 * where it opens on one creature within range (Haste, Shield of Faith, Hunter's Mark):
 * nothing else of what it reads is kept. The undead a spell animates and commands (Animate Dead, Create Undead) are
 * counted, but they are not creatures it is cast on.
 */
function announcedTargets(
  text: string,
  range: SpellRange,
  effect: Partial<Spell>,
  scaling: Pick<Spell, 'perSlot' | 'perTier'>,
): Pick<Spell, 'targets' | 'perSlot' | 'perTier'> {
  if (/\breasserts? (?:your )?control\b/i.test(text)) return {};
  const growth = (grows: Scaling | undefined): Scaling | undefined =>
    grows?.targets === undefined ? undefined : { targets: grows.targets, ...(grows.every === undefined ? {} : { every: grows.every }) };
  const perSlot = growth(scaling.perSlot);
  const perTier = growth(scaling.perTier);
  // A count that grows starts at one where the text gives none ("a willing creature").
  const one = (perSlot ?? perTier) !== undefined || range === 'touch' || ONE_WITHIN_RANGE.test(sentences(text)[0] ?? '');
  const targets = effect.targets ?? (one ? 1 : undefined);
  return {
    ...(targets === undefined ? {} : { targets }),
    ...(perSlot === undefined ? {} : { perSlot }),
    ...(perTier === undefined ? {} : { perTier }),
  };
}

function rangeOf(row: SpellFields): SpellRange {
  const written = row.range_text.toLowerCase();
  if (written.startsWith('self')) return 'self';
  if (written === 'touch') return 'touch';
  if (written === 'sight') return 'sight';
  if (written === 'unlimited') return 'unlimited';
  const feet = /^(\d+) feet$/.exec(written);
  if (feet !== null) return Number(feet[1]);
  const miles = /^(\d+) miles?$/.exec(written);
  if (miles !== null) return Number(miles[1]) * 5280;
  return 'special';
}

function durationOf(written: string): SpellDuration {
  const lower = written.toLowerCase();
  if (lower === 'instantaneous' || lower === 'until dispelled' || lower === 'until dispelled or triggered' || lower === 'special')
    return lower;
  const timed = /^(\d+) (round|minute|hour|day)s?$/.exec(lower);
  if (timed === null) throw new Error(`a spell duration the converter does not know: ${written}`);
  return { count: Number(timed[1]), unit: timed[2] as 'round' | 'minute' | 'hour' | 'day' };
}

/**
 * The attack or save, the damage, healing, temporary hit points and conditions the text states; what
 * comes "hit or miss" after an attack (Ice Knife's explosion) is a burst of its own, with the save.
 */
function readEffect(row: SpellFields, text: string, report: SpellReport): Partial<Spell> {
  const burstAt = /\bHit or miss, /i.exec(text)?.index;
  if (burstAt === undefined || !/\b(?:melee|ranged) spell attack\b/i.test(text.slice(0, burstAt))) return readPart(row, text, report);
  const { targets, ...burst } = readPart(row, text.slice(burstAt), report);
  return {
    ...readPart({ ...row, saving_throw_ability: '' }, text.slice(0, burstAt), report),
    burst,
    ...(targets === undefined ? {} : { targets }),
  };
}

function readPart(row: SpellFields, text: string, report: SpellReport): Partial<Spell> {
  const effect: Partial<Spell> = {};
  // open5e marks spells that only mention attack rolls (Bless, Faerie Fire) as attacks: the text decides.
  if (/\b(?:melee|ranged) spell attack\b/i.test(text)) {
    const melee = /\bmelee spell attack\b/i.test(text);
    const ranged = /\branged spell attack\b/i.test(text);
    effect.attack = { kind: melee && ranged ? 'melee-or-ranged' : melee ? 'melee' : 'ranged' };
  }
  // The 2014 Branding Smite: cast before the hit it rides on, so its damage comes with that hit.
  const casting = /\bthe next time you hit\b/i.test(text) ? '' : atCasting(text, true);
  const saveWord = SAVE_ABILITY.exec(text)?.[1];
  const ability = abilityOf(row.saving_throw_ability || saveWord || '');
  if (ability !== null) {
    if (saveWord !== undefined && abilityOf(saveWord) !== ability)
      report.fieldDisagreements.push({ spell: row.name, field: 'saving_throw_ability', fields: row.saving_throw_ability, text: saveWord });
    effect.save = { ability, ...(halves(casting) ? { onSuccess: 'half' as const } : {}) };
  }
  const damage = damageParts(casting);
  if (damage.length > 0) effect.damage = damage;
  if (/\bOn a miss, [^.]*half as much/i.test(text)) effect.onMiss = 'half';
  const later = new RegExp(`(\\d+d\\d+) (${DAMAGE_WORDS}) damage at the (start|end) of its next turn`, 'i').exec(text);
  const laterType = damageTypeOf(later?.[2] ?? '');
  const laterDice = compactDice(later?.[1] ?? '');
  if (later !== null && laterType !== null && laterDice !== null)
    effect.later = { damage: [{ dice: laterDice, type: laterType }], at: later[3]?.toLowerCase() === 'start' ? 'start' : 'end' };
  // The 2014 healing spells: "This spell has no effect on undead or constructs"; Hold Monster: "against the undead".
  const unaffected = /\bhas no effect (?:on|against) (?:the )?(undead|constructs)(?: or (undead|constructs))?\./i.exec(text);
  if (unaffected !== null)
    effect.noEffectOn = [unaffected[1], unaffected[2]]
      .filter((word): word is string => word !== undefined)
      .map((word) => (word.toLowerCase() === 'constructs' ? 'construct' : 'undead'));
  const healing = healingOf(text);
  if (healing !== null) effect.healing = healing;
  const kills = /\bIf the (?:target|creature you choose) has (\d+) hit points or fewer, it dies\b/i.exec(text);
  if (kills !== null) effect.killsAtOrBelow = Number(kills[1]);
  const ends = endedConditions(text);
  if (ends.length > 0) effect.ends = ends;
  const tempHp = /gains? (\d+d\d+(?: \+ \d+)?|\d+) temporary hit points/i.exec(text);
  if (tempHp !== null) effect.tempHp = { dice: compactDice(tempHp[1] ?? '') ?? '' };
  const now = atCasting(text, false);
  const conditions = conditionsOf(now, row);
  if (conditions.length > 0) effect.conditions = conditions;
  const bands = hitPointBands(text);
  if (bands !== null) {
    // The conditions by hit points are all the spell gives; a save asked only at the end of each turn is their repeat save.
    if (bands.conditions.length > 0) effect.conditions = bands.conditions;
    else delete effect.conditions;
    if (bands.killsAtOrBelow !== undefined) effect.killsAtOrBelow = bands.killsAtOrBelow;
    if (bands.otherwise !== undefined) effect.otherwise = bands.otherwise;
    if (bands.repeats) delete effect.save;
    if (bands.unread) effect.partial = true;
  }
  if (effect.save !== undefined && effect.attack === undefined) {
    // Damage that comes whatever the save (Heat Metal, Feeblemind) is dealt without one; a save the
    // cast itself never asks for, or one for damage that comes later (the 2014 Moonbeam's, on entering
    // the area), is not rolled.
    const regardless = effect.damage !== undefined && !gatesDamage(casting);
    const dealtOnEntering = effect.damage === undefined && damageParts(now).length > 0;
    // "Advantage on all saving throws" (Holy Aura), "on Wisdom saving throws and Death Saving Throws"
    // (Beacon of Hope), "makes all Wisdom saving throws with advantage" (the 2014 Heroes' Feast): a
    // benefit, not a save the targets make.
    const asked = casting
      .replace(/\b(?:dis)?advantage on (?:all )?(?:\w+ )?saving throws(?: and death saving throws)?\b/gi, '')
      .replace(/\bmakes all (?:\w+ )?saving throws with (?:dis)?advantage\b/gi, '');
    const unasked = effect.conditions === undefined && (dealtOnEntering || !/saving throw|\bsave\b/i.test(asked));
    const dealtAnyway = regardless && effect.conditions === undefined;
    if (dealtAnyway) effect.partial = true;
    if (dealtAnyway || unasked) delete effect.save;
  }
  const area = areaOf(text);
  if (area !== null) effect.area = area;
  // Not "three beams at 11th level": what a cantrip grows to, not what it starts with.
  const count = /\b(three|four|five) (?:\w+ )?(darts|rays|beams)\b(?! at \d)/i.exec(text) ?? /\b(a|one) (beam)\b/i.exec(text);
  if (count !== null && (effect.damage !== undefined || effect.attack !== undefined))
    effect.instances = countOf(count[1] === 'a' ? 'one' : (count[1] ?? '')) ?? 1;
  const targets = Math.max(row.target_count, targetsChosen(text));
  if (targets > 1) effect.targets = targets;
  return effect;
}

/**
 * How many creatures the text lets the caster choose, which the data often leaves at 1 (the 2024
 * Mass Healing Word's "Up to six creatures"): "up to six creatures", "twelve or fewer creatures",
 * "choose two creatures" (the 2014 Acid Splash), a first target and "as many as three other
 * targets" (Chain Lightning). "Each creature of your choice in range" and "any number of creatures
 * you can see within range" have no limit but the fight's: as many as the largest fight holds, the
 * bound an area's targets already have. The "any number of creatures you can see to be unaffected"
 * of the 2014 Spirit Guardians are spared, not targeted. The caster counts beside the others it
 * takes along ("You and up to eight willing creatures").
 */
function targetsChosen(text: string): number {
  const counted =
    /\b(?:up to|a maximum of) (\w+) (?:\w+ )?(?:creatures|targets)\b/i.exec(text) ??
    /\b(\w+) or fewer creatures\b/i.exec(text) ??
    /\bchoose (\w+) creatures\b/i.exec(text);
  // "Up to three creatures of your choice that you can see within range" (Bane) is counted; "a creature of your choice", one.
  const any =
    /\b(?:any number of creatures|each creature of your choice|creatures of your choice)(?: that)?(?: you can see)? (?:with)?in range\b/i;
  if (counted === null && any.test(text)) return MAX_COMBATANTS;
  // "You and up to eight willing creatures", "up to twelve other creatures": the caster is one more.
  const withCaster = counted !== null && /\byou and up to \w+ |\bup to \w+ other creatures\b/i.test(text) ? 1 : 0;
  const chosen = (countOf(counted?.[1] ?? '') ?? 1) + withCaster;
  const others = countOf(/\bas many as (\w+) other targets\b/i.exec(text)?.[1] ?? '') ?? 0;
  return Math.max(chosen, 1 + others);
}

/**
 * What befalls a creature after the cast: one that enters the area or starts or ends its turn there
 * (the 2014 Moonbeam), moves through it (Spike Growth), wakes (Dream) or acts against the caster's
 * word (Geas); a sphere the caster moves on a later turn (Flaming Sphere).
 */
const LATER = new RegExp(
  [
    String.raw`\b(?:starts?|ends?) (?:its|their|it) turn`,
    String.raw`\bfor the first time on a turn\b`,
    String.raw`^At the (?:start|end) of each of (?:its|your|the target's) turns\b`,
    String.raw`\btakes [^.]*damage at the (?:start|end) of each of its turns\b`,
    String.raw`^On each of your turns\b`,
    String.raw`\bon each of your (?:later|subsequent) turns\b`,
    String.raw`\bsaving throw at the (?:start|end) of each of its turns\b`,
    String.raw`\bmoves? (?:into or within|into|within|through)\b`,
    String.raw`\bfor every 5 feet\b`,
    String.raw`\bwhen (?:it|the target) wakes\b`,
    String.raw`\b(?:each time|if) it acts\b`,
    String.raw`\bIf you (?:ram|move) the sphere\b`,
  ].join('|'),
  'i',
);
/**
 * What befalls someone else than the targets: one who hits the caster (Fire Shield), the caster itself
 * (Meld into Stone, Dimension Door, Wish), a creature the caster's attacks hit later (Divine Favor,
 * Bestow Curse, Hex, Hunter's Mark), an object (Control Water), those a mishap strikes (Teleport).
 */
const ELSEWHERE = new RegExp(
  [
    String.raw`\bhits you\b`,
    String.raw`\bthe (?:attacker|object) takes\b`,
    String.raw`\bthe attacker must\b`,
    String.raw`\byour attacks and spells deal\b`,
    String.raw`\bIf you deal damage to the target\b`,
    String.raw`\bwhenever you hit (?:it|the target|that creature)\b`,
    String.raw`\bIf expelled\b`,
    String.raw`\b(?:deals?|dealing) [^.]*\bdamage to you\b`,
    String.raw`\byou take\b`,
    String.raw`\byou and any creature\b`,
    String.raw`\byour (?:weapon )?attacks(?: with weapons)? deal\b`,
    String.raw`\bmishaps?\b`,
  ].join('|'),
  'i',
);
/** Where a spell's later rounds begin, each with an effect of its own: "Each round you maintain concentration on this spell, the storm produces additional effects", "At the start of each of your later turns, the storm produces different effects". */
const SCHEDULE =
  /\b(?:Each round you maintain concentration on this spell|At the start of each of your later turns), [^.]*\bproduces (?:additional|different) effects\b/i;
/**
 * What the spell leaves its target as it ends (the 2024 Haste's lethargy: "When the spell ends, the
 * target is Incapacitated"): not the cast's. What the spell itself does as it ends (the 2024 Delayed
 * Blast Fireball's bead exploding) is its effect.
 */
const AS_IT_ENDS = /^When the spell ends, the target\b/i;
/** Said of the moment of casting, which a trigger in the same sentence does not postpone ("When the cloud appears"). */
const AT_CASTING = /\bwhen you cast\b|\bwhen (?:the|it) (?:\w+ )?appears\b/i;
/** A sentence that goes on with the one before it: what its save or its trigger leads to. */
const CONTINUATION =
  /^(?:On a (?:failed|successful) save|On a (?:failure|success)|It takes|They take|That (?:enemy|creature)|The (?:creature|target|attacker) takes|A (?:creature|target) takes)\b/i;

/** The text's sentences in groups: a sentence and those that go on with it. */
function sentenceGroups(text: string): string[][] {
  const groups: string[][] = [];
  for (const sentence of sentences(text)) {
    const last = groups[groups.length - 1];
    if (last !== undefined && CONTINUATION.test(sentence)) last.push(sentence);
    else groups.push([sentence]);
  }
  return groups;
}

/**
 * The text without what happens to others than the targets and, with `later`, without what happens
 * after the cast: the damage a cast deals is read from the one, the conditions it brings from the
 * other (a creature in the webs as they are cast is Restrained on a failed save, as one entering
 * them later would be; the fire that burns them is the table's).
 */
function atCasting(text: string, later: boolean): string {
  const elsewhere = (sentence: string): boolean =>
    !AT_CASTING.test(sentence) && (ELSEWHERE.test(sentence) || AS_IT_ENDS.test(sentence) || (later && LATER.test(sentence)));
  return sentenceGroups(text)
    .filter(([head = '']) => !elsewhere(head))
    .map((group) => group.filter((sentence) => !elsewhere(sentence)).join(' '))
    .join(' ');
}

/** The cast's save or damage again, on the later trigger: "A creature also makes that save", "it takes the Psychic damage again", Heat Metal's "deal this damage again". */
const AGAIN =
  /\balso makes? (?:this|that) save\b|\bmust also make this (?:save|saving throw)\b|\b(?:takes|deal|cause) (?:the \w+ |this )?damage again\b/i;

/** Whether a success on the save still takes half the damage. */
function halves(group: string): boolean {
  // "half as much damage on a successful save", "…half as much damage only", "…and isn't pushed": all but the failed save's.
  return (
    /half as much damage(?! on a failed)|Success: Half damage|half damage on a success|half the initial damage/i.test(group) &&
    gatesDamage(group)
  );
}

/**
 * What the spell deals each time its later trigger comes (a creature entering the area or ending its
 * turn there, moving 5 feet through it, the start of the target's turns): the first group of sentences
 * of such a trigger that deals damage, with its save, half on a success and the conditions it gives.
 * "A creature also makes this save when it enters the spell's area" (the 2024 Moonbeam) is the cast's
 * save and damage again. Null when nothing later is dealt to the targets; `partial`, another trigger
 * has a roll of its own (a creature entering the webs saves or is Restrained), which the table runs.
 */
function ongoingOf(text: string, row: SpellFields, cast: Partial<Spell>): { ongoing: Ongoing; partial: boolean } | null {
  const trigger = (sentence: string): boolean => !AT_CASTING.test(sentence) && !ELSEWHERE.test(sentence) && LATER.test(sentence);
  const groups = sentenceGroups(text)
    .filter((group) => group.some(trigger))
    .map((group) => group.filter((sentence) => !ELSEWHERE.test(sentence)).join(' '));
  const dealing = groups.find((group) => damageParts(group).length > 0);
  const ability = (group: string): Ability | null => abilityOf(SAVE_ABILITY.exec(group)?.[1] ?? '');
  if (dealing === undefined) {
    const again = groups.find((group) => AGAIN.test(group));
    if (again === undefined || cast.damage === undefined) return null;
    // Its own save ("makes a Wisdom saving throw at the end of each of its turns"), else the cast's.
    const own = ability(again);
    const save = own === null ? cast.save : { ability: own, ...(halves(again) ? { onSuccess: 'half' as const } : {}) };
    const conditions = save === undefined ? undefined : cast.conditions;
    const ongoing: Ongoing = {
      ...(save === undefined ? {} : { save }),
      damage: cast.damage,
      ...(conditions === undefined ? {} : { conditions }),
    };
    return { ongoing, partial: false };
  }
  const saved = ability(dealing);
  // One of several effects the caster picks (Control Water's Whirlpool) leaves the others to the table.
  const chosen = /\b(?:any|one) of the following effects\b/i.test(text);
  const more = groups.some((group) => group !== dealing && (damageParts(group).length > 0 || /saving throw/i.test(group)));
  const conditions = saved === null ? [] : conditionsIn(dealing, row);
  const ongoing: Ongoing = {
    ...(saved === null ? {} : { save: { ability: saved, ...(halves(dealing) ? { onSuccess: 'half' as const } : {}) } }),
    damage: damageParts(dealing),
    ...(conditions.length === 0 ? {} : { conditions }),
  };
  return { ongoing, partial: more || chosen };
}

/**
 * Whether the save decides the damage: the damage's sentence names the save ("taking 8d6 Fire damage
 * on a failed save"), or goes on from it. Heat Metal's damage comes regardless, the save deciding only
 * whether the object is dropped; Feeblemind's 4d6 comes before its save.
 */
function gatesDamage(casting: string): boolean {
  const dealt = new RegExp(`\\d+d\\d+(?: \\+ \\d+)? (?:${DAMAGE_WORDS}) damage`, 'i');
  const group = sentenceGroups(casting).find((sentences) => sentences.some((sentence) => dealt.test(sentence)));
  if (group === undefined) return true;
  if (group.some((sentence) => /\btakes? [^.]*damage and must (?:make|succeed)\b/i.test(sentence))) return false;
  const [head = '', ...rest] = group;
  return /saving throw|\bsave\b|\bor take\b/i.test(head) || rest.length > 0;
}

/** "8d6 Fire damage", "1d4 + 1 Force damage", "2d8 Radiant damage" — each distinct part once, in order. */
function damageParts(text: string): DamagePart[] {
  const parts: DamagePart[] = [];
  const pattern = new RegExp(
    `(\\d+d\\d+(?: \\+ \\d+)?)(?: (?:plus|\\+) your spellcasting ability modifier)? (${DAMAGE_WORDS}) damage`,
    'gi',
  );
  let lastEnd = 0;
  for (const match of text.matchAll(pattern)) {
    const dice = compactDice(match[1] ?? '');
    const type = damageTypeOf(match[2] ?? '');
    // "3d8 Radiant damage (if you are good or neutral) or 3d8 Necrotic damage": one or the other, the caster's to say.
    const alternative = parts.length > 0 && /^[^.;]*\sor\s*$/i.test(text.slice(lastEnd, match.index));
    lastEnd = (match.index ?? 0) + match[0].length;
    const last = parts[parts.length - 1];
    if (alternative && last !== undefined && type !== null && last.dice === dice && last.type !== type) {
      parts[parts.length - 1] = { ...last, or: [...(last.or ?? []), type] };
      continue;
    }
    if (dice === null || type === null || alternative) continue;
    const plusModifier = /spellcasting ability modifier/.test(match[0]);
    if (parts.some((part) => part.type === type)) continue;
    parts.push({ dice, type, ...(plusModifier ? { plusModifier: true as const } : {}) });
  }
  return parts;
}

function healingOf(text: string): Amount | null {
  const regains =
    /regains? (?:a number of )?(?:Hit Points|hit points) equal to (\d+d\d+(?: \+ \d+)?)(?: (?:plus|\+) your spellcasting ability modifier)?/i.exec(
      text,
    ) ?? /(?:regains?|restoring) (\d+d\d+(?: \+ \d+)?|\d+) (?:Hit Points|hit points)/i.exec(text);
  if (regains === null) return null;
  const dice = compactDice(regains[1] ?? '');
  if (dice === null) return null;
  return { dice, ...(/spellcasting ability modifier/.test(regains[0]) ? { plusModifier: true as const } : {}) };
}

/** "also ends the Blinded, Deafened, and Poisoned conditions on the target", "also ends blindness, deafness, and any diseases affecting the target". */
function endedConditions(text: string): ConditionKey[] {
  const ending = /\balso ends ([^.]*) (?:on|affecting) the target\b/i.exec(text)?.[1] ?? '';
  const words = [...ending.matchAll(new RegExp(`\\b(${CONDITION_PATTERN}|blindness|deafness)\\b`, 'gi'))];
  const keys = words.map((word) => conditionOf(CONDITION_NOUNS[(word[1] ?? '').toLowerCase()] ?? word[1] ?? ''));
  return keys.filter((key): key is ConditionKey => key !== null);
}

/**
 * What brings a condition only after the cast, on a later trigger: a second failed save (the 2024
 * Sleep's Unconscious), damage taken while diseased (the 2014 Contagion's Slimy Doom).
 */
const CONDITION_LATER = /\bfails the second save\b|\bwhenever the creature takes damage\b/i;
/**
 * Where the text lists options the caster picks one of ("one of the following effects of your
 * choice", the commands of Command, Contagion's diseases): the conditions after it are alternatives.
 */
const OPTIONS =
  /\bone of the following effects of your choice\b|\byour choice of \w+ or \w+ determines\b|\bchoose \w+ or \w+ as\b|\btypical commands\b|\bchoose the command from\b|\bof your choice from any of the ones described below\b/i;
const UNTIL = '(for the duration|until the spell ends|until the (?:start|end) of (?:its|your) next turn|for \\d+ (?:minute|round|hour)s?)';

/**
 * "or have the Paralyzed condition for the duration", "or be paralyzed for the duration", "has the
 * Prone and Incapacitated conditions", "fall prone, becoming incapacitated", and a repeat save. What
 * the caster itself becomes ("You become invisible") is not cast on the targets.
 */
function conditionsOf(text: string, row: SpellFields): ConditionEffect[] {
  const now = sentences(text)
    .filter((sentence) => !CONDITION_LATER.test(sentence))
    .join(' ');
  const optionsAt = OPTIONS.exec(now)?.index ?? now.length;
  const found = conditionsIn(now.slice(0, optionsAt), row);
  const options = conditionsIn(now.slice(optionsAt), row);
  const [first, ...others] = options;
  // One option of several gives a condition (Command's Grovel): whether the caster picks it is the table's.
  if (first !== undefined && others.length > 0) {
    // An option that gives none (the 2014 Eyebite's Sickened: disadvantage on attack rolls and ability checks) is named beside them.
    const unconditioned = headedOptions(row.desc)
      .filter((option) => conditionsIn(option.says, row).length === 0)
      .map((option) => option.name);
    found.push({
      ...first,
      or: others.map((option) => option.condition),
      ...(unconditioned.length === 0 ? {} : { orOptions: unconditioned }),
    });
  }
  const repeat =
    // The 2014 Hold Monster's data says "at the end of each round … a new saving throw of Wisdom".
    /at the (end|start) of each (?:of its turns|round), the target (?:repeats the save|can make (?:another|a new|a) (?:\w+ )?saving throw)/i.exec(
      now,
    ) ??
    /can repeat the saving throw at the (end|start) of each of its turns/i.exec(now) ??
    /repeats the save at the (end|start) of each of its turns/i.exec(now);
  const at = repeat === null ? null : repeat[1]?.toLowerCase() === 'start' ? 'start' : 'end';
  const given = [...found, ...chosenCondition(now, row)];
  return given.map((condition) => (at === null ? condition : { ...condition, repeatSave: at }));
}

/**
 * The options a text lists under headings of their own ("**Asleep.** The target falls unconscious."),
 * each with what it says; a heading that is not about the target (Imprisonment's "Ending the Spell")
 * is no option.
 */
function headedOptions(desc: string): { name: string; says: string }[] {
  const headings = [...desc.matchAll(/\*\*_?([A-Z][^*_.]*)\._?\*\*/g)];
  return headings
    .map((heading, index) => ({
      name: heading[1] ?? '',
      says: normalise(desc.slice((heading.index ?? 0) + heading[0].length, headings[index + 1]?.index ?? desc.length)),
    }))
    .filter((option) => /^The target\b/.test(option.says));
}

/** The conditions `text` gives the targets, each once, in order. */
function conditionsIn(text: string, row: SpellFields): ConditionEffect[] {
  const found = new Map<ConditionKey, ConditionEffect>();
  const pattern = new RegExp(
    `(?:has|have|gains?) the ((?:${CONDITION_PATTERN})(?:(?:,|,? and) (?:${CONDITION_PATTERN}))*) conditions?\\b(?! removed)(?: ${UNTIL})?|\\b(?:be|is|becomes?|becoming|falls?) (?:knocked )?(${CONDITION_PATTERN})(?: ${UNTIL})?`,
    'gi',
  );
  for (const match of text.matchAll(pattern)) {
    const before = text.slice(Math.max(0, (match.index ?? 0) - 20), match.index);
    // "if it has the Invisible condition, it gains no benefit": a state the spell reads, not one it gives.
    // "can't become invisible", "nor cause the target to be paralyzed", "The condition can be blinded": not given either.
    // "You become invisible": the caster's own state (Mislead). "a creature … that is charmed": one
    // the spell acts on because of it (the 2014 Dispel Evil and Good's Break Enchantment).
    const asked = /\b(?:if (?:it|the target|you|a creature|the creature)|can|can't|cannot|to|you|that) $/i.test(before);
    const words =
      match[1] === undefined ? [match[3] ?? ''] : [...match[1].matchAll(new RegExp(CONDITION_PATTERN, 'gi'))].map((word) => word[0]);
    const until = (match[2] ?? match[4] ?? '').toLowerCase();
    for (const word of words) {
      const condition = conditionOf(word);
      if (condition === null || found.has(condition) || asked) continue;
      const duration = durationWords(until, row);
      found.set(condition, { condition, ...(duration === undefined ? {} : { duration }) });
    }
  }
  return [...found.values()];
}

/** How long "for the duration", "for 1 minute", "until the end of its next turn" is; nothing said: the spell's duration. */
function durationWords(until: string, row: SpellFields): ConditionEffect['duration'] {
  return effectDurationOf(` ${until}`)?.duration ?? (row.duration !== 'instantaneous' ? { kind: 'spell' } : undefined);
}

/**
 * "the target is either blinded or deafened (your choice)", "it has the Blinded or Deafened condition
 * (your choice)": the first, with the others the caster may give instead.
 */
function chosenCondition(text: string, row: SpellFields): ConditionEffect[] {
  const choice = new RegExp(
    `\\b(?:is either|has the) (${CONDITION_PATTERN}) or (${CONDITION_PATTERN})(?: condition)? \\(your choice\\)`,
    'i',
  ).exec(text);
  const first = conditionOf(choice?.[1] ?? '');
  const second = conditionOf(choice?.[2] ?? '');
  if (first === null || second === null) return [];
  const duration = durationWords('', row);
  return [{ condition: first, or: [second], ...(duration === undefined ? {} : { duration }) }];
}

/**
 * Conditions by the target's hit points: the 2024 Divine Word's table ("| 21–30 | The target has the
 * Blinded, Deafened, and Stunned conditions for 1 hour. |", "| 0–20 | The target dies. |"), the 2014
 * one's list ("40 hp or less: deafened and blinded for 10 minutes"), Power Word Stun's "If the target
 * has 150 Hit Points or fewer, it has the Stunned condition", with its repeat save at the end of each
 * of its turns and what a target of more hit points gets instead ("Otherwise, its Speed is 0 until the
 * start of your next turn"). `unread`: a band names more than the catalogue's conditions (the 2014 "dazed").
 */
function hitPointBands(text: string): {
  conditions: ConditionEffect[];
  killsAtOrBelow?: number;
  otherwise?: Effect['otherwise'];
  repeats: boolean;
  unread: boolean;
} | null {
  const rows: { atMost: number; says: string }[] = [];
  // Only a table headed by hit points: Confusion's is of a d10's rolls.
  const table = /\| Hit Points \|/i.exec(text);
  for (const row of text.slice(table?.index ?? text.length).matchAll(/\| (\d+)–(\d+) \| ([^|]+) \|/g))
    rows.push({ atMost: Number(row[2]), says: row[3] ?? '' });
  for (const row of text.matchAll(/\b(\d+) ?hp or less: ([^-]+)/gi)) rows.push({ atMost: Number(row[1]), says: row[2] ?? '' });
  const single = new RegExp(
    `\\bIf the target has (\\d+) hit points or fewer, (it is (?:${CONDITION_PATTERN})|it has the (?:${CONDITION_PATTERN}) condition)`,
    'i',
  ).exec(text);
  if (single !== null) rows.push({ atMost: Number(single[1]), says: single[2] ?? '' });
  if (rows.length === 0) return null;
  rows.sort((a, b) => a.atMost - b.atMost);
  const repeat = /\bThe (\w+) target (?:must make|makes) an? (\w+) saving throw at the (end|start) of each of its turns\b/i.exec(text);
  const repeatAbility = abilityOf(repeat?.[2] ?? '');
  const conditions: ConditionEffect[] = [];
  let killsAtOrBelow: number | undefined;
  let unread = false;
  rows.forEach(({ atMost, says }, index) => {
    const above = rows[index - 1]?.atMost;
    const hp = { atMost, ...(above === undefined ? {} : { above }) };
    if (/\b(?:dies|killed)\b/i.test(says)) {
      killsAtOrBelow = atMost;
      return;
    }
    const timed = /\bfor (\d+) (minute|hour)s?\b/i.exec(says);
    const duration: EffectDuration | undefined =
      timed === null ? undefined : { kind: timed[2]?.toLowerCase() === 'hour' ? 'hours' : 'minutes', count: Number(timed[1]) };
    const words = [...says.matchAll(new RegExp(`\\b(?:${CONDITION_PATTERN})\\b`, 'gi'))].map((word) => word[0]);
    const left = says.replace(
      new RegExp(
        `\\b(?:${CONDITION_PATTERN}|for \\d+ (?:minute|hour)s?|the target has the|it is|it has the|conditions?|and)\\b|[,.]`,
        'gi',
      ),
      '',
    );
    if (left.trim() !== '') unread = true;
    for (const word of words) {
      const condition = conditionOf(word);
      if (condition === null) continue;
      const repeats = repeat !== null && repeatAbility !== null && conditionOf(repeat[1] ?? '') === condition;
      conditions.push({
        condition,
        hp,
        ...(duration === undefined ? {} : { duration }),
        ...(repeats ? { repeatSave: repeat[3]?.toLowerCase() === 'start' ? ('start' as const) : ('end' as const), repeatAbility } : {}),
      });
    }
  });
  const speed = /\bOtherwise, its Speed is 0 until the (start|end) of your next turn\b/i.exec(text);
  const otherwise: Effect['otherwise'] =
    speed === null
      ? undefined
      : { note: 'Speed 0', duration: { kind: 'turn', whose: 'source', boundary: speed[1]?.toLowerCase() === 'start' ? 'start' : 'end' } };
  return {
    conditions,
    ...(killsAtOrBelow === undefined ? {} : { killsAtOrBelow }),
    ...(otherwise === undefined ? {} : { otherwise }),
    repeats: conditions.some((condition) => condition.repeatAbility !== undefined),
    unread,
  };
}

/**
 * What `higher_level` adds per slot level above the spell's (or, for a cantrip, per tier of character
 * level); `dealt`, the damage the spell deals as it is cast and later, whose types a text that names
 * none adds to.
 */
function readScaling(
  higher: string,
  level: number,
  dealt: { cast: readonly DamagePart[]; later: readonly DamagePart[] },
): Pick<Spell, 'perSlot' | 'perTier'> {
  const text = normalise(higher);
  const scaling: Scaling = {};
  const every = /for every two (?:spell )?slot levels above/i.test(text) ? { every: 2 } : {};
  const mainType = dealt.cast[0]?.type ?? dealt.later[0]?.type ?? null;
  const typesOf = (parts: readonly DamagePart[]): DamageType[] => [...new Set(parts.map((part) => part.type))];
  // The 2014 Wall of Fire: "the damage of the spell increases by 1d8".
  const damage = new RegExp(
    `(?:the )?(?:(${DAMAGE_WORDS}) )?damage(?: of the spell)?(?: \\(both initial and later\\))? increases? by (\\d+d\\d+)|roll an additional (\\d+d\\d+)`,
    'i',
  ).exec(text);
  // Wall of Thorns: "Both types of damage increase by 1d8", the cast's piercing and the later slashing.
  const bothTypes = /\bboth types of damage increase by (\d+d\d+)/i.exec(text);
  // Wall of Ice: "the damage the wall deals when it appears increases by 2d6, and the damage from passing through … increases by 1d6".
  const apart = /\bdamage the \w+ deals when it appears increases by (\d+d\d+),? and the damage from [^.]*?increases by (\d+d\d+)/i.exec(
    text,
  );
  const healing =
    /(?:healing|amount of healing) increases by (\d+d\d+|\d+)/i.exec(text) ?? /healing and damage increase by (\d+d\d+)/i.exec(text);
  const tempHp = /gain (\d+) additional temporary hit points/i.exec(text);
  // Chain Lightning's "one additional bolt leaps ... to another target" is one more target, not a second roll for each.
  const targets =
    /target (?:one|an) additional (?:creature|humanoid|beast)|affect one additional (?:creature|beast)|one additional bolt/i.exec(text);
  const instances =
    /creates? one (?:more|additional) (?:dart|ray|beam)/i.exec(text) ?? /creates two beams at level 5|two beams at 5th level/i.exec(text);
  const type = damageTypeOf(damage?.[1] ?? '') ?? mainType;
  const both = new RegExp(`The (${DAMAGE_WORDS}) damage and the (${DAMAGE_WORDS}) damage increase by (\\d+d\\d+)`, 'i').exec(text);
  // The 2014 Flame Strike: "the fire damage or the radiant damage (your choice) increases by 1d6".
  const either = new RegExp(
    `The (${DAMAGE_WORDS}) damage or the (${DAMAGE_WORDS}) damage \\(your choice\\) increases by (\\d+d\\d+)`,
    'i',
  ).exec(text);
  if (either !== null) {
    const [first, second] = [damageTypeOf(either[1] ?? ''), damageTypeOf(either[2] ?? '')];
    if (first !== null && second !== null) scaling.damage = [{ dice: either[3] ?? '', type: first, or: [second] }];
  } else if (both !== null) {
    scaling.damage = [both[1], both[2]].map((word) => ({ dice: both[3] ?? '', type: damageTypeOf(word ?? '') ?? 'fire' }));
  } else if (bothTypes !== null) {
    scaling.damage = typesOf([...dealt.cast, ...dealt.later]).map((type) => ({ dice: bothTypes[1] ?? '', type }));
  } else if (apart !== null) {
    scaling.damage = typesOf(dealt.cast).map((type) => ({ dice: apart[1] ?? '', type }));
    scaling.ongoingDamage = typesOf(dealt.later).map((type) => ({ dice: apart[2] ?? '', type }));
  } else if (damage !== null && type !== null) scaling.damage = [{ dice: damage[2] ?? damage[3] ?? '', type }];
  if (/damage \(both initial and later\) increases/i.test(text) && scaling.damage !== undefined) scaling.laterDamage = scaling.damage;
  if (healing !== null) scaling.healing = healing[1] ?? '';
  if (tempHp !== null) scaling.tempHp = tempHp[1] ?? '';
  if (targets !== null) scaling.targets = 1;
  if (instances !== null) scaling.instances = 1;
  if (Object.keys(scaling).length === 0) return {};
  return level === 0 ? { perTier: { ...scaling, ...every } } : { perSlot: { ...scaling, ...every } };
}

/** Dice or conditions the text states that the spell's data does not carry. */
function uncaptured(text: string, spell: Spell): boolean {
  const carried = new Set(
    [
      ...[...(spell.damage ?? []), ...(spell.burst?.damage ?? []), ...(spell.later?.damage ?? []), ...(spell.ongoing?.damage ?? [])].map(
        (part) => part.dice,
      ),
      spell.healing?.dice,
      spell.tempHp?.dice,
    ].filter((dice): dice is string => dice !== undefined),
  );
  const printed = [...text.matchAll(/(\d+d\d+(?: \+ \d+)?)/g)].map((match) => compactDice(match[1] ?? ''));
  if (printed.some((dice) => dice !== null && !carried.has(dice))) return true;
  const named = [...text.matchAll(new RegExp(`the (${CONDITION_PATTERN}) condition`, 'gi'))].map((match) => conditionOf(match[1] ?? ''));
  const given = (spell.conditions ?? []).flatMap((effect) => [effect.condition, ...(effect.or ?? [])]);
  return named.some((condition) => condition !== null && !given.includes(condition));
}

/** A save whose failure brings nothing the data carries (Bane's penalty, Haste on an unwilling target): the table runs what it does. */
function savesForNothing(spell: Spell): boolean {
  const brings = ['damage', 'conditions', 'later', 'ongoing', 'then', 'healing', 'tempHp', 'ends', 'killsAtOrBelow'].some(
    (key) => key in spell,
  );
  return spell.save !== undefined && !brings;
}

/** open5e's per-slot and per-character-level rows beside the scaling read from the text. */
function compareOptions(spell: Spell, options: readonly Keyed<CastingOptionFields>[], report: SpellReport): void {
  for (const option of options) {
    const slot = /^slot_level_(\d)$/.exec(option.type);
    const tier = /^player_level_(\d+)$/.exec(option.type);
    if (option.damage_roll === null || (slot === null && tier === null)) continue;
    const level = slot === null ? { characterLevel: Number(tier?.[1]) } : { slotLevel: Number(slot[1]) };
    const at = effectAtLevel(spell, level);
    const first = at.damage?.[0]?.dice ?? ongoingAtLevel(spell, level)?.damage[0]?.dice ?? at.healing?.dice ?? at.tempHp?.dice;
    const fields = compactDice(option.damage_roll);
    if (fields !== null && first !== fields)
      report.optionDisagreements.push({ spell: spell.name, option: option.type, fields, text: first ?? '(none)' });
  }
}
