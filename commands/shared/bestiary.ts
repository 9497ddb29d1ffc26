import { BOOK_IDS, bookOf, otherBook, type BookId } from '../../src/compendium/books';
import type { FoundMonster } from '../../src/compendium/bestiary';
import { UserError, type AutocompleteChoice, type AutocompleteContext, type InvocationContext } from '../../src/framework/command';
import { text } from '../../src/framework/options';
import { unknownMonsterText } from '../../src/views/bestiary-text';
import { encountersOf, placeOf } from './encounter';

/** The longest monster name a command takes; the SRD's longest is well under it. */
export const MONSTER_NAME_MAX_LENGTH = 100;

export const MONSTER_OPTION = text("A stat block: the server's homebrew, else the rule set's SRD", {
  autocomplete: true,
  maxLength: MONSTER_NAME_MAX_LENGTH,
});

export const SOURCE_OPTION = text("Which SRD to take the block from (default: the rule set's own)", {
  choices: [
    { name: 'SRD 5.2 (2024 rules)', value: 'srd-5.2' },
    { name: 'SRD 5.1 (2014 rules)', value: 'srd-5.1' },
  ],
});

function isBook(value: string): value is BookId {
  return (BOOK_IDS as readonly string[]).includes(value);
}

/**
 * The book `source` names, else the one of the rule set in force here: the channel's fight keeps the
 * rule set it began with (as this process saw it, read again once another process changed it), and
 * without one the channel's setting applies.
 */
export async function bookHere(ctx: InvocationContext, source: string | null): Promise<BookId> {
  if (source !== null) {
    if (!isBook(source)) throw new UserError(`\`source\` is one of ${BOOK_IDS.join(', ')}.`);
    return source;
  }
  const encounter = await encountersOf(ctx).seen(placeOf(ctx));
  return bookOf(encounter?.ruleSet ?? (await ctx.services.settings.effectiveRuleset(placeOf(ctx))).ruleset);
}

/** The other book, when it has a block of a name `book` and the server lack (a refusal points there); else null. */
export async function otherBookWith(ctx: InvocationContext, book: BookId, name: string): Promise<BookId | null> {
  const other = otherBook(book);
  const found = await ctx.services.bestiary.find(ctx.guildId, other, name);
  return found?.source === other ? other : null;
}

/** The block of that name (homebrew first), or a refusal offering the other book's or the closest names. */
export async function requireMonster(ctx: InvocationContext, book: BookId, name: string): Promise<FoundMonster> {
  const found = await ctx.services.bestiary.find(ctx.guildId, book, name);
  if (found !== undefined) return found;
  const [closest, elsewhere] = await Promise.all([ctx.services.bestiary.closest(ctx.guildId, book, name), otherBookWith(ctx, book, name)]);
  throw new UserError(unknownMonsterText(name, closest, book, elsewhere));
}

/** Suggestions for `monster`: the server's homebrew, then the book `source` picks (or the rule set's). */
export async function suggestMonsters(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const source = ctx.options.values.source;
  const book = await bookHere(ctx, typeof source === 'string' && isBook(source) ? source : null);
  ctx.signal?.throwIfAborted();
  const names = await ctx.services.bestiary.suggest(ctx.guildId, book, typed.slice(0, MONSTER_NAME_MAX_LENGTH), ctx.signal);
  return names.map((name) => ({ name, value: name }));
}
