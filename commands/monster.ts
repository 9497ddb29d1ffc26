import { BOOK_IDS, bookOf, HOMEBREW_LIMITS, HOMEBREW_PER_SERVER, nameKey, type BookId } from '../src/compendium';
import { isGameMaster } from '../src/combat/permissions';
import type { Encounter } from '../src/combat/types';
import { rankByName } from '../src/framework/autocomplete';
import { UserError, type AutocompleteChoice, type AutocompleteContext, type InvocationContext } from '../src/framework/command';
import { attachment, flag, text } from '../src/framework/options';
import { actorOf, placeOf } from '../src/framework/requirements';
import { commandOfSubcommands, subcommand } from '../src/framework/slash-command';
import {
  HIDDEN_MONSTER_REFUSAL,
  homebrewDeletedReply,
  homebrewFullText,
  homebrewImportedReply,
  homebrewIssuesReply,
  homebrewListReply,
  monsterReply,
  noHomebrewText,
  unknownMonsterText,
} from '../src/views/monster-text';
import { otherBookWith } from './shared/bestiary';
import { importedText } from './shared/imported-text';

const NAME_LIMIT = 100;

const SHOW_OPTIONS = {
  name: text('Which monster (suggested as you type)', { required: true, autocomplete: true, maxLength: NAME_LIMIT }),
  source: text("Which book (default: the one of this channel's rule set)", {
    choices: [
      { name: 'SRD 5.2 (2024 rules)', value: 'srd-5.2' },
      { name: 'SRD 5.1 (2014 rules)', value: 'srd-5.1' },
    ],
  }),
  share: flag('Post it in the channel (default: only you see it)'),
} as const;

function isBookId(value: unknown): value is BookId {
  return (BOOK_IDS as readonly unknown[]).includes(value);
}

/** Where a lookup happens: the book it reads, and the blocks the caller may not see (hidden in this channel's fight). */
interface Lookup {
  book: BookId;
  /** Name keys of the blocks hidden combatants of the channel's fight come from, when the caller is not its game master. */
  withheld: ReadonlySet<string>;
  /** The same name keys when the caller is the fight's game master, who sees those blocks, but privately. */
  hiddenFromTable: ReadonlySet<string>;
}

/**
 * The blocks of hidden combatants shown under their block's name (Ogre, Ogre 2). One the game master
 * renamed (Shape) keeps what it is secret, which withholding its block would tell.
 */
function hiddenBlocks(encounter: Encounter | null): Set<string> {
  const blocks = (encounter?.combatants ?? []).flatMap((c) => {
    if (!c.hidden || c.monster === null) return [];
    const block = nameKey(c.monster.block);
    return nameKey(c.name.replace(/ \d+$/, '')) === block ? [block] : [];
  });
  return new Set(blocks);
}

/**
 * The book of the rule set in force (a running fight keeps the one it began with), or the one
 * `source` names; and which blocks the channel's fight keeps from the caller.
 */
async function lookupFor(ctx: InvocationContext, source: unknown): Promise<Lookup> {
  const encounter = await ctx.services.encounters.get(placeOf(ctx));
  const ruleSet = encounter?.ruleSet ?? (await ctx.services.settings.effectiveRuleset(placeOf(ctx))).ruleset;
  const hidden = hiddenBlocks(encounter);
  const gameMaster = encounter !== null && isGameMaster(actorOf(ctx), encounter);
  return {
    book: isBookId(source) ? source : bookOf(ruleSet),
    withheld: gameMaster ? new Set() : hidden,
    hiddenFromTable: gameMaster ? hidden : new Set(),
  };
}

/** `name` suggests the server's monsters, then the book's, leaving out the blocks a hidden combatant comes from for anyone but the game master. */
async function suggestMonsters(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const lookup = await lookupFor(ctx, ctx.options.values.source);
  ctx.signal?.throwIfAborted();
  const names = await ctx.services.bestiary.suggest(ctx.guildId, lookup.book, typed, ctx.signal);
  return names.filter((name) => !lookup.withheld.has(nameKey(name))).map((name) => ({ name, value: name }));
}

const show = subcommand({
  description: "Show a monster's stat block: the SRD's of this channel's rules, or the server's own",
  options: SHOW_OPTIONS,
  async run(ctx, options) {
    const typed = options.text('name');
    const lookup = await lookupFor(ctx, options.text('source'));
    const key = nameKey(typed);
    if (lookup.withheld.has(key)) throw new UserError(HIDDEN_MONSTER_REFUSAL);
    const found = await ctx.services.bestiary.find(ctx.guildId, lookup.book, typed);
    if (found === undefined) {
      const [closest, elsewhere] = await Promise.all([
        ctx.services.bestiary.closest(ctx.guildId, lookup.book, typed),
        otherBookWith(ctx, lookup.book, typed),
      ]);
      throw new UserError(
        unknownMonsterText(
          typed,
          closest.filter((name) => !lookup.withheld.has(nameKey(name))),
          elsewhere,
        ),
      );
    }
    if (lookup.hiddenFromTable.has(key)) return monsterReply(found.monster, found.source, 'hidden');
    return monsterReply(found.monster, found.source, options.flag('share') ? 'shared' : 'private');
  },
});

const MANAGE_MONSTERS = { permission: { manage: 'guild', to: "change this server's monsters" } } as const;

/** A homebrew file is read up to the reader's own limit, and refused past it before it is fetched. */
const MONSTER_FILE = { maxBytes: HOMEBREW_LIMITS.bytes, kind: 'a monster file', attach: 'a `.json` file of monsters' } as const;

const IMPORT_OPTIONS = {
  file: attachment("A .json file of monsters in Rollcall's format, at most 256 KiB"),
  json: text('Or the JSON, pasted', { maxLength: 6000 }),
} as const;

/** Saves every monster of the file or, when anything is wrong with it or the server would hold too many, none. */
const importMonsters = subcommand({
  description: "Add or replace this server's own monsters from a JSON file (Manage Server)",
  options: IMPORT_OPTIONS,
  requires: MANAGE_MONSTERS,
  async run(ctx, options) {
    const json = await importedText(ctx, { file: options.attachment('file'), json: options.text('json') }, 'the monsters', MONSTER_FILE);
    // The reader brings zod, some 5 MB of the bot's memory that only an import needs.
    const { readHomebrew } = await import('../src/compendium/homebrew');
    const read = readHomebrew(json);
    if (!read.ok) return homebrewIssuesReply(read.issues);
    const shelf = ctx.services.bestiary.homebrew;
    const before = new Set((await shelf.names(ctx.guildId)).map(nameKey));
    const saved = await shelf.save(ctx.guildId, read.monsters, HOMEBREW_PER_SERVER);
    if ('full' in saved) throw new UserError(homebrewFullText(saved.full, HOMEBREW_PER_SERVER));
    const names = read.monsters.map((monster) => monster.name);
    const replaced = names.filter((name) => before.has(nameKey(name)));
    const added = names.filter((name) => !before.has(nameKey(name)));
    const held = new Set([...before, ...names.map(nameKey)]).size;
    return homebrewImportedReply(added, replaced, held, HOMEBREW_PER_SERVER);
  },
});

async function suggestHomebrew(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const names = await ctx.services.bestiary.homebrew.names(ctx.guildId);
  ctx.signal?.throwIfAborted();
  return rankByName(names, (name) => name, typed).map((name) => ({ name, value: name }));
}

const deleteMonster = subcommand({
  description: "Delete one of this server's own monsters (Manage Server)",
  options: { name: text("Which of the server's monsters", { required: true, autocomplete: true, maxLength: NAME_LIMIT }) },
  requires: MANAGE_MONSTERS,
  async run(ctx, options) {
    const typed = options.text('name');
    const shelf = ctx.services.bestiary.homebrew;
    const monster = await shelf.get(ctx.guildId, typed);
    if (monster === undefined || !(await shelf.remove(ctx.guildId, typed))) throw new UserError(noHomebrewText(typed));
    return homebrewDeletedReply(monster.name);
  },
});

const list = subcommand({
  description: "List this server's own monsters",
  async run(ctx) {
    return homebrewListReply(await ctx.services.bestiary.homebrew.listing(ctx.guildId), HOMEBREW_PER_SERVER);
  },
});

export const command = commandOfSubcommands({
  name: 'monster',
  description: 'Stat blocks of the SRD monsters and of the server’s own',
  dmPermission: false,
  subcommands: { show, import: importMonsters, delete: deleteMonster, list },
  suggest: {
    name: (ctx, typed) => (ctx.options.subcommand === 'delete' ? suggestHomebrew(ctx, typed) : suggestMonsters(ctx, typed)),
  },
  examples: [
    '/monster show name:Goblin Warrior',
    '/monster show name:Adult Red Dragon source:srd-5.1 share:true',
    '/monster import json:{"monsters":[…]}',
    '/monster list',
    '/monster delete name:Cave Lurker',
  ],
});
