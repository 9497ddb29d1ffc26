import type { Area, AttackKind, Effect, MonsterAction, Multiattack, MultiattackStep, SpellRef } from '../../src/compendium/types';
import { AREA_SHAPES, type AreaShape } from '../../src/compendium/types';
import { abilityOf, countOf, leadingConditions, leadingDamage, sentences, sizeOf, type Findings } from './text';

/** What the text of one action says, in data: the parts of a `MonsterAction` after its name and uses. */
export type ActionBody = Omit<MonsterAction, 'name' | 'recharge' | 'perDay' | 'perRest' | 'cost' | 'form'>;

/** What the parser knows of the creature: the names of its actions and traits, to resolve "makes three Rend attacks". */
export interface ActionContext {
  /** The action's own name ("Multiattack"). */
  name: string;
  actionNames: readonly string[];
  /** The block's melee and ranged attack actions, for "makes two melee attacks". */
  meleeActions: readonly string[];
  rangedActions: readonly string[];
  findings: Findings;
}

/** A mutable effect as the sentences build it up. */
interface Draft {
  effect: Effect;
  /** Sentences (or their tails) the parser could not read. */
  unread: string[];
  extra: ActionBody;
}

/** Sentences that change nothing about the targets: the creature's own movement, flavour of where the breath goes. */
const SELF_ONLY = [
  /^The [\w' -]+? (?:can then )?(?:fly|flies|move|moves|swims?) up to (?:half )?its (?:flying )?Speed\b[^.]*\.$/i,
  /^(?:The [\w' -]+? )?(?:exhales|spits|releases|breathes|unleashes|emits)\b[^.]*\.$/i,
  /^Being underwater doesn't grant Resistance to this \w+ damage\.$/i,
  /^Being underwater doesn't grant resistance against this damage\.$/i,
];

export function parseActionText(desc: string, context: ActionContext): ActionBody {
  const list = stripTrigger(sentences(desc));
  const draft: Draft = { effect: {}, unread: [], extra: {} };
  const read = /^Multiattack\b/i.test(context.name)
    ? readMultiattack(list, draft, context)
    : (readOptions(desc, draft, context) ??
      readAttackHeader(list, draft, context) ??
      readSaveHeader(list, draft, context) ??
      readCasting(list, draft) ??
      readRuns(list, draft, context) ??
      readProseSave(list, draft, context));
  context.findings.unread.push(...(read === null ? [list.join(' ')] : draft.unread));
  return read === null ? { manual: true } : finish(draft);
}

function finish(draft: Draft): ActionBody {
  const effect = draft.effect;
  const hasEffect = Object.keys(effect).length > 0;
  const hasExtra = Object.keys(draft.extra).length > 0;
  if (!hasEffect && !hasExtra) return { manual: true };
  return { ...effect, ...draft.extra, ...(draft.unread.length > 0 ? { partial: true } : {}) };
}

/** 2024 reactions: "_Trigger:_ … _Response:_ …". The trigger says when; the response is what it does. */
function stripTrigger(list: string[]): string[] {
  if (!/^Trigger:/.test(list[0] ?? '')) return list;
  const responseAt = list.findIndex((sentence) => /^Response\b/.test(sentence) || / Response[:–—-]/.test(sentence));
  if (responseAt < 0) return list;
  const withResponse = list[responseAt] ?? '';
  const after = withResponse.replace(/^.*?Response(?::|[–—-]+)\s*/, '');
  return [after, ...list.slice(responseAt + 1)].filter((sentence) => sentence !== '');
}

/**
 * 5.1's "The dragon uses one of the following breath weapons": each option is named in bold and read
 * as an action of its own, an attack or a save. The action is partial when one of them is; one the
 * parser cannot read at all leaves the whole action to the other readers.
 */
function readOptions(desc: string, draft: Draft, context: ActionContext): true | null {
  if (!/\buses one of the following\b/i.test(desc)) return null;
  const [, ...named] = desc.split(/\*\*([^*]+?)\.\*\*/);
  const options: NonNullable<ActionBody['options']>[number][] = [];
  for (let index = 0; index + 1 < named.length; index += 2) {
    // A list mark ("- ") before the next option's name is not a sentence of this one.
    const list = sentences((named[index + 1] ?? '').replace(/\s*-\s*$/, ''));
    const option: Draft = { effect: {}, unread: [], extra: {} };
    if ((readAttackHeader(list, option, context) ?? readSaveHeader(list, option, context) ?? readProseSave(list, option, context)) === null)
      return null;
    draft.unread.push(...option.unread);
    options.push({ name: (named[index] ?? '').trim(), ...option.effect, ...(option.unread.length > 0 ? { partial: true as const } : {}) });
  }
  if (options.length < 2) return null;
  draft.extra.options = options;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Attack rolls
// ---------------------------------------------------------------------------------------------

const ATTACK_HEADER =
  /^(Melee or Ranged|Melee|Ranged) (?:Weapon |Spell )?Attack(?: Roll)?: \+(\d+)(?: to hit)?( \([^)]*\))?, (?:reach (\d+) (?:ft\.?|feet))?(?: or )?(?:range (\d+)(?:\/(\d+))? (?:ft\.?|feet))?(?:,? (?:one|each|up to) [^.]*\.)? ?(?:Hit: )?(.*)$/;

function readAttackHeader(list: string[], draft: Draft, context: ActionContext): true | null {
  let [head, ...rest] = list;
  if (head === undefined) return null;
  if (/^Hit: /.test(rest[0] ?? '')) {
    head = `${head} ${rest[0]}`;
    rest = rest.slice(1);
  }
  const match = ATTACK_HEADER.exec(head);
  if (match === null) return null;
  const [, kindWord, bonus, aside, reach, range, longRange, hit] = match;
  const kind: AttackKind = kindWord === 'Melee' ? 'melee' : kindWord === 'Ranged' ? 'ranged' : 'melee-or-ranged';
  draft.effect.attack = {
    kind,
    bonus: Number(bonus),
    ...(reach === undefined ? {} : { reach: Number(reach) }),
    ...(range === undefined ? {} : { range: Number(range) }),
    ...(longRange === undefined ? {} : { longRange: Number(longRange) }),
  };
  // "+5 (with Advantage if the target is Grappled by the mimic)": the roll depends on the situation.
  if (aside !== undefined) draft.unread.push(aside);
  readOutcome(hit ?? '', draft.effect, draft, context);
  readRiders(rest, draft, context);
  return true;
}

/**
 * What a hit or a failed save does, in one sentence: damage parts, then conditions ("…, and the target
 * has the Paralyzed condition until the start of the lich's next turn"), or conditions alone.
 */
function readOutcome(text: string, effect: Effect, draft: Draft, context: ActionContext): void {
  let rest = text.replace(/^The target takes /i, '');
  const damage = leadingDamage(rest, context.findings);
  if (damage !== null) {
    effect.damage = [...(effect.damage ?? []), ...damage.parts];
    rest = damage.rest;
  }
  for (;;) {
    const joined = /^(?:,? and |, | and |\. )?(?:the target |it |is |then )?/i.exec(rest);
    const after = rest.slice(joined?.[0].length ?? 0);
    const conditions = leadingConditions(after);
    if (conditions === null) break;
    effect.conditions = [...(effect.conditions ?? []), ...conditions.conditions];
    rest = conditions.rest;
  }
  const repeat = /^,? and repeats the save at the (end|start) of each of its turns(?:, ending the effect on itself on a success)?/i.exec(
    rest,
  );
  if (repeat !== null && effect.conditions !== undefined) {
    const at = repeat[1]?.toLowerCase() === 'start' ? 'start' : 'end';
    effect.conditions = effect.conditions.map((condition) => ({ ...condition, repeatSave: at }));
    rest = rest.slice(repeat[0].length);
  }
  rest = rest.replace(/^\.?\s*$/, '');
  if (rest !== '') draft.unread.push(rest);
}

/** The sentences after the first: size-gated conditions, a further save, repeat saves, uses. */
function readRiders(list: readonly string[], draft: Draft, context: ActionContext): void {
  for (let index = 0; index < list.length; index += 1) {
    const sentence = list[index] ?? '';
    if (readRepeatSave(sentence, draft.effect) || readOncePerTurn(sentence, draft) || SELF_ONLY.some((pattern) => pattern.test(sentence)))
      continue;
    // 2024: "If the target is a creature, it is subjected to the following effect." and a save of its own.
    if (/^If the target is an? [\w -]+, it is subjected to the following effect\.$/.test(sentence)) {
      const nested: Draft = { effect: {}, unread: [], extra: {} };
      if (readSaveHeader(list.slice(index + 1), nested, context) !== null) {
        draft.effect.then = nested.effect;
        draft.unread.push(...nested.unread);
        return;
      }
    }
    const gated =
      /^If (?:the )?target is (?:a |an )?(?:(Tiny|Small|Medium|Large|Huge|Gargantuan) or smaller|creature)(?: creature)?, (.*)$/i.exec(
        sentence,
      );
    const body = gated?.[2] ?? sentence;
    const size = gated?.[1] === undefined ? null : sizeOf(gated[1]);
    if (readNestedSave(body, draft, context, size) || readGatedConditions(body, draft, context, size)) continue;
    draft.unread.push(sentence);
  }
}

/** "it has the Prone condition", "it is grappled (escape DC 17)", "The target has the Poisoned condition for 1 hour." */
function readGatedConditions(text: string, draft: Draft, context: ActionContext, size: ReturnType<typeof sizeOf>): boolean {
  const target: Effect = {};
  const before = draft.unread.length;
  readOutcome(text.replace(/^(?:it|the target) /i, ''), target, draft, context);
  if (target.conditions === undefined || target.damage !== undefined || draft.unread.length > before) {
    draft.unread.length = before;
    return false;
  }
  const sized = target.conditions.map((condition) => (size === null ? condition : { ...condition, maxSize: size }));
  draft.effect.conditions = [...(draft.effect.conditions ?? []), ...sized];
  return true;
}

// ---------------------------------------------------------------------------------------------
// Saving throws
// ---------------------------------------------------------------------------------------------

/** 2024: "Dexterity Saving Throw: DC 21, each creature in a 60-foot Cone." then "Failure: …", "Success: …". */
function readSaveHeader(list: readonly string[], draft: Draft, context: ActionContext): true | null {
  const headAt = list.findIndex((sentence) => /^(\w+) Saving Throw: DC \d+/.test(sentence));
  if (headAt < 0) return null;
  draft.unread.push(...list.slice(0, headAt).filter((sentence) => !SELF_ONLY.some((pattern) => pattern.test(sentence))));
  const head = /^(\w+) Saving Throw: DC (\d+)(?:, (.*?))?\.?$/.exec(list[headAt] ?? '');
  const ability = abilityOf(head?.[1] ?? '');
  if (head === null || ability === null) return null;
  draft.effect.save = { ability, dc: Number(head[2]) };
  readTargets(head[3] ?? '', draft.effect);
  let failure = false;
  for (const sentence of list.slice(headAt + 1)) {
    const labelled = /^(First Failure|Second Failure|Failure or Success|Failure|Success):? (.*)$/.exec(sentence);
    const label = labelled?.[1];
    const text = labelled?.[2] ?? sentence;
    if (label === 'Failure') {
      failure = true;
      readOutcome(text, draft.effect, draft, context);
    } else if (label === 'Success') {
      failure = false;
      readSuccess(text, draft);
    } else if (label === 'Failure or Success') {
      failure = false;
      if (!readOncePerTurn(text, draft)) draft.unread.push(sentence);
    } else if (label !== undefined) {
      // "First Failure … Second Failure …" (petrification): a sequence the bot does not run.
      failure = false;
      draft.unread.push(sentence);
    } else if (failure && (readRepeatSave(sentence, draft.effect) || readFailureMore(sentence, draft, context))) {
      continue;
    } else if (!readOncePerTurn(sentence, draft) && !SELF_ONLY.some((pattern) => pattern.test(sentence))) {
      draft.unread.push(sentence);
    }
  }
  return true;
}

/** A further sentence of a "Failure:" paragraph: "The target has the Grappled condition (escape DC 14)." */
function readFailureMore(sentence: string, draft: Draft, context: ActionContext): boolean {
  const gated = /^If the target is a (Tiny|Small|Medium|Large|Huge|Gargantuan) or smaller creature, (.*)$/i.exec(sentence);
  return readGatedConditions(gated?.[2] ?? sentence, draft, context, gated?.[1] === undefined ? null : sizeOf(gated[1]));
}

function readSuccess(text: string, draft: Draft): void {
  if (/^Half damage\.?$/i.test(text)) {
    draft.effect.save = { ...draft.effect.save!, onSuccess: 'half' };
    return;
  }
  const half = /^Half damage(?: only)?(.*)$/i.exec(text);
  if (half !== null) draft.effect.save = { ...draft.effect.save!, onSuccess: 'half' };
  draft.unread.push(half === null ? text : (half[1] ?? ''));
}

/** The area or the number of targets: "each creature in a 60-foot Cone", "one creature the dragon can see". */
function readTargets(text: string, effect: Effect): void {
  const area = areaOf(text);
  if (area !== null) effect.area = area;
  else if (/^(?:one|the triggering) /i.test(text)) effect.targets = 1;
}

export function areaOf(text: string): Area | null {
  const line =
    /(\d+)-foot-long, (\d+)-foot-wide Line|(\d+)-foot line that is (\d+) feet wide|line that is (\d+) (?:ft\.|feet) long and (\d+) (?:ft\.|feet) wide/i.exec(
      text,
    );
  if (line !== null) {
    const numbers = line.slice(1).filter((value) => value !== undefined);
    return { shape: 'line', size: Number(numbers[0]), width: Number(numbers[1]) };
  }
  // Stray spaces in the 5.1 text: the Ancient Silver Dragon's "90- foot cone", the Copper Dragon Wyrmling's "1 5-foot cone".
  const shaped = new RegExp(`(\\d+(?: \\d+)?)- ?(?:foot|ft\\.)(?:-radius)?(?:, \\d+-foot-high)? (${AREA_SHAPES.join('|')})`, 'i').exec(
    text,
  );
  if (shaped === null) return null;
  return { shape: (shaped[2] ?? '').toLowerCase() as AreaShape, size: Number((shaped[1] ?? '').replace(' ', '')) };
}

/**
 * 5.1's saves in prose: "Each creature in that area must make a DC 21 Dexterity saving throw, taking
 * 63 (18d6) fire damage on a failed save, or half as much damage on a successful one."
 */
const PROSE_SAVE =
  /^(.*?)(?:must|to) (?:make|succeed on)(?: on)? a DC (\d+) (\w+) saving throw(?: against [\w ]+?)?(?:(, taking (.*?) on a failed save, or half as much damage on a successful one)| or (.*)|\. On a failed save, (.*)|)\.$/i;

function readProseSave(list: readonly string[], draft: Draft, context: ActionContext): true | null {
  const at = list.findIndex((sentence) => PROSE_SAVE.test(sentence));
  if (at < 0) return null;
  for (const sentence of list.slice(0, at)) {
    const area = areaOf(sentence);
    if (area !== null) draft.effect.area = area;
    if (!SELF_ONLY.some((pattern) => pattern.test(sentence)) && area === null) draft.unread.push(sentence);
  }
  applyProseSave(list[at] ?? '', draft.effect, draft, context);
  readAfterSave(list.slice(at + 1), draft);
  return true;
}

function applyProseSave(sentence: string, effect: Effect, draft: Draft, context: ActionContext): void {
  const match = PROSE_SAVE.exec(sentence);
  if (match === null) return;
  const [, lead, dc, abilityWord, halfClause, halfDamage, orClause, onFailure] = match;
  const ability = abilityOf(abilityWord ?? '');
  if (ability === null) {
    draft.unread.push(sentence);
    return;
  }
  effect.save = { ability, dc: Number(dc), ...(halfClause === undefined ? {} : { onSuccess: 'half' as const }) };
  const area = areaOf(lead ?? '');
  if (area !== null && effect.area === undefined) effect.area = area;
  if (halfDamage !== undefined) readOutcome(halfDamage, effect, draft, context);
  const outcome = orClause ?? onFailure;
  if (outcome !== undefined)
    readOutcome(outcome.replace(/^(?:take|takes|a target takes) /i, '').replace(/^be /i, ''), effect, draft, context);
}

function readAfterSave(list: readonly string[], draft: Draft): void {
  for (const sentence of list) {
    if (readRepeatSave(sentence, draft.effect) || readOncePerTurn(sentence, draft) || SELF_ONLY.some((pattern) => pattern.test(sentence)))
      continue;
    draft.unread.push(sentence);
  }
}

/** 5.1, after a hit: "If the target is a creature, it must succeed on a DC 13 Strength saving throw or be knocked prone." */
function readNestedSave(text: string, draft: Draft, context: ActionContext, size: ReturnType<typeof sizeOf>): boolean {
  const sentence = /^(?:it|the target|and the target)\b/i.test(text) ? text : null;
  if (sentence === null || !PROSE_SAVE.test(sentence)) return false;
  const then: Effect = {};
  applyProseSave(sentence, then, draft, context);
  if (size !== null && then.conditions !== undefined)
    then.conditions = then.conditions.map((condition) => ({ ...condition, maxSize: size }));
  draft.effect.then = then;
  return true;
}

/** "The target can repeat the saving throw at the end of each of its turns, ending the effect on itself on a success." */
function readRepeatSave(sentence: string, effect: Effect): boolean {
  const target = effect.then ?? effect;
  if (target.conditions === undefined || target.conditions.length === 0) return false;
  const repeat =
    /^(?:A|The|Each|An affected)? ?(?:[\w-]+ )?(?:creature|target) (?:can|must) (?:repeat|make) (?:the|another) (?:saving throw|\w+ saving throw) at the (end|start) of each of its turns, ending the effect on itself on a success\.$/i.exec(
      sentence,
    ) ??
    /^At the (end|start) of each of its turns, the target repeats the save, ending the effect on itself on a success\.$/i.exec(sentence) ??
    /^(?:The target|It) repeats the save at the (end|start) of each of its turns, ending the effect on itself on a success\.$/i.exec(
      sentence,
    );
  if (repeat !== null) {
    const at = repeat[1]?.toLowerCase() === 'start' ? 'start' : 'end';
    target.conditions = target.conditions.map((condition) => ({ ...condition, repeatSave: at }));
    return true;
  }
  const timeout = /^After (1|one) minute, it succeeds automatically\.$/i.exec(sentence);
  if (timeout !== null) {
    target.conditions = target.conditions.map((condition) => ({ ...condition, duration: { kind: 'minutes', count: 1 } }));
    return true;
  }
  return false;
}

function readOncePerTurn(sentence: string, draft: Draft): boolean {
  if (!/can't take this action again until the start of its next turn\.?$/i.test(sentence)) return false;
  draft.extra.oncePerTurn = true;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Multiattack, actions that run another, spellcasting
// ---------------------------------------------------------------------------------------------

/** The block's action of that name, as written in the text ("bite", "claws", "Rend"). */
function resolveAction(written: string, names: readonly string[]): string | null {
  const wanted = written
    .trim()
    .toLowerCase()
    .replace(/^(?:its|their|the) /, '');
  const candidates = [wanted, wanted.replace(/s$/, ''), wanted.replace(/es$/, ''), wanted.replace(/ies$/, 'y')];
  for (const candidate of candidates) {
    const found = names.find((name) => name.toLowerCase() === candidate || name.toLowerCase().replace(/ \(.*\)$/, '') === candidate);
    if (found !== undefined) return found;
  }
  return null;
}

function readMultiattack(list: readonly string[], draft: Draft, context: ActionContext): true | null {
  const steps: MultiattackStep[] = [];
  let replace: Multiattack['replace'];
  for (const sentence of list) {
    const use = /^The [\w' -]+? can use its ([\w' -]+?)\.$/i.exec(sentence);
    if (use !== null) {
      const action = resolveAction(use[1] ?? '', context.actionNames);
      if (action === null) draft.unread.push(sentence);
      else steps.push({ actions: [action], count: 1 });
      continue;
    }
    const replaces = /^It can replace (\w+) (?:attack|of the attacks|[\w ]+ attack)s? with (?:a use of |one use of )?(.*)\.$/i.exec(
      sentence,
    );
    if (replaces !== null) {
      const options = splitList(
        (replaces[2] ?? '')
          .replace(/ if available$/, '')
          .replace(/ to cast .*$/, '')
          .replace(/\(\w\) /g, '')
          .replace(/^an? /, '')
          .replace(/ attack$/, ''),
      );
      const actions = options.map((option) => resolveAction(option, context.actionNames));
      if (actions.some((action) => action === null)) draft.unread.push(sentence);
      else replace = { count: countOf(replaces[1] ?? '') ?? 1, actions: actions as string[] };
      continue;
    }
    const made = /^(?:The|It)\b.*? (?:makes|can make) (.*?)\.?$/i.exec(sentence);
    if (made === null || !readSteps(made[1] ?? '', steps, context)) draft.unread.push(sentence);
  }
  if (steps.length === 0) return null;
  draft.extra.multiattack = { steps, ...(replace === undefined ? {} : { replace }) };
  return true;
}

/** "three Rend attacks", "two attacks: one with its bite and two with its claws", "three attacks, using Rapier or Pistol in any combination". */
function readSteps(text: string, steps: MultiattackStep[], context: ActionContext): boolean {
  const [attacks, uses] = text.split(/,? and (?:then )?uses? |,? and (?:it )?can use /).map((part) => part.replace(/ to cast [^,]*$/, ''));
  if (uses !== undefined) {
    const options = splitList(
      uses
        .replace(/^either /, '')
        .replace(/ if available$/, '')
        .replace(/^its /, ''),
    );
    const actions = options.map((option) => resolveAction(option, context.actionNames));
    if (actions.some((action) => action === null)) return false;
    steps.push({ actions: actions as string[], count: 1 });
  }
  const text2 = attacks ?? '';
  const generic = /^(\w+) (melee|ranged) attacks?$/i.exec(text2);
  if (generic !== null) {
    const actions = generic[2]?.toLowerCase() === 'melee' ? context.meleeActions : context.rangedActions;
    const count = countOf(generic[1] ?? '');
    if (count === null || actions.length === 0) return false;
    steps.push({ actions, count });
    return true;
  }
  const withList = /^(\w+) (?:melee |ranged )?attacks?: (.*)$/i.exec(text2);
  if (withList !== null) {
    // "one with its pike and one with its hooves or two with its longbow": the first set is run, the
    // other is the game master's (a multiattack is one list of steps).
    const [first, alternative] = (withList[2] ?? '').split(/ or (?=(?:one|two|three|four|five|six) with )/i);
    const items = splitList(first ?? '');
    for (const item of items) {
      const one = /^(\w+) (?:with|using) (?:its |their )?([\w' -]+?)$/i.exec(item) ?? /^(\w+) ([\w' -]+?) attacks?$/i.exec(item);
      const count = countOf(one?.[1] ?? '');
      const action = resolveAction(one?.[2] ?? '', context.actionNames);
      if (count === null || action === null) return false;
      steps.push({ actions: [action], count });
    }
    return alternative === undefined;
  }
  const combination =
    /^(\w+) attacks?, using ([\w' ,-]+?) in any combination$/i.exec(text2) ??
    /^(\w+) attacks?, either with (?:its )?([\w' ,-]+?)$/i.exec(text2);
  if (combination !== null) {
    const actions = splitList(combination[2] ?? '').map((option) => resolveAction(option, context.actionNames));
    const count = countOf(combination[1] ?? '');
    if (count === null || actions.some((action) => action === null)) return false;
    steps.push({ actions: actions as string[], count });
    return true;
  }
  for (const item of text2.split(/,? and |, /)) {
    const one = /^(\w+) ([\w' -]+?) attacks?$/i.exec(item) ?? /^(\w+) attacks? with (?:its )?([\w' -]+?)$/i.exec(item);
    const count = countOf(one?.[1] ?? '');
    const actions = (one?.[2] ?? '').split(/ or /).map((option) => resolveAction(option, context.actionNames));
    if (count === null || actions.some((action) => action === null)) return false;
    steps.push({ actions: actions as string[], count });
  }
  return true;
}

/** "A, B, or C" and "A and B" as a list. */
function splitList(text: string): string[] {
  return text
    .split(/,? (?:and|or) (?:its )?|, /)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Legendary and bonus actions that make another action: "The dragon makes one Rend attack.", "The kraken uses Lightning Strike." */
function readRuns(list: readonly string[], draft: Draft, context: ActionContext): true | null {
  if (list.length === 0) return null;
  const last = (list[list.length - 1] ?? '').replace(/^Immediately after [^,]+, t/, 'T');
  const made =
    /^(?:The [\w' -]+?(?: (?:can )?moves? up to (?:half )?its Speed, and it)?|It) makes (one|two|a|an) ([\w' -]+?) attacks?(?: against [^.]*)?\.$/i.exec(
      last,
    ) ?? /^(?:The [\w' -]+?|It) uses (?:its )?([\w' -]+?)\.$/i.exec(last);
  if (made === null) return null;
  const named = made.length === 3 ? made[2] : made[1];
  const action = resolveAction(named ?? '', context.actionNames);
  if (action === null) return null;
  const count = made.length === 3 ? (countOf(made[1] ?? '') ?? 1) : 1;
  draft.extra.runs = { action, count };
  for (const sentence of list.slice(0, -1)) if (!SELF_ONLY.some((pattern) => pattern.test(sentence))) draft.unread.push(sentence);
  return true;
}

/** "The dragon uses Spellcasting to cast Command (level 2 version).", "The lich casts Fear, using the same spellcasting ability as Spellcasting." */
function readCasting(list: readonly string[], draft: Draft): true | null {
  const first = list[0] ?? '';
  if (/casts one of the following spells/i.test(first)) {
    draft.extra.spellcasting = true;
    return true;
  }
  const cast = /^The [\w' -]+? (?:uses Spellcasting to cast|casts) (.*?)(?:, (?:using|requiring) .*)?\.$/i.exec(first);
  if (cast === null) return null;
  const spells = splitList((cast[1] ?? '').replace(/ twice$/, '')).map(spellRef);
  if (spells.length === 0) return null;
  draft.extra.casts = spells;
  for (const sentence of list.slice(1)) if (!readOncePerTurn(sentence, draft)) draft.unread.push(sentence);
  return true;
}

/** "Fireball (level 5 version)" as a spell and a level. */
export function spellRef(written: string): SpellRef {
  const level = /^(.*?) \(level (\d) version\)$/i.exec(written.trim().replace(/^the (.*) spell$/i, '$1'));
  return level === null ? { name: written.trim().replace(/^the (.*) spell$/i, '$1') } : { name: level[1] ?? '', level: Number(level[2]) };
}
