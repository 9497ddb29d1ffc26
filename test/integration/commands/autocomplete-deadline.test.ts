import { registry, type CommandName } from '../../../commands';
import { createBestiary } from '../../../src/compendium/bestiary';
import type { AutocompleteContext, OptionValue } from '../../../src/framework/command';
import type { Services } from '../../../src/services';
import { srdMonster } from '../../support/monsters';
import { GM, Table, openTablePer } from './support';

/** Counts a suggester's reads, and aborts its deadline once the `abortAfter`-th has come back. */
class Reads {
  count = 0;
  afterAbort = 0;
  readonly deadline = new AbortController();

  constructor(private readonly abortAfter: number | null) {}

  /** `service` with every method counted as a read, and those of the services it holds. */
  watch<T extends object>(service: T): T {
    return new Proxy(service, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value === 'function') return (...args: unknown[]) => this.read(() => Reflect.apply(value, target, args));
        if (typeof value === 'object' && value !== null) return this.watch(value);
        return value;
      },
    });
  }

  private read(run: () => unknown): unknown {
    if (this.deadline.signal.aborted) this.afterAbort += 1;
    const done = (): void => {
      this.count += 1;
      if (this.count === this.abortAfter) this.deadline.abort(new Error('past the deadline'));
    };
    const result = run();
    if (!(result instanceof Promise)) {
      done();
      return result;
    }
    return result.then((value: unknown) => {
      done();
      return value;
    });
  }
}

/** Every suggester that reads before it ranks: the command, subcommand, option, what is typed, the options already given, the channel. */
const SUGGESTERS: [string, CommandName, string | null, string, string, Record<string, OptionValue>, string][] = [
  ['/check skill: (the fight keeps its rule set)', 'check', null, 'skill', 'ste', {}, 'channel-1'],
  ['/check skill: (no fight: the channel rule set)', 'check', null, 'skill', 'ste', {}, 'channel-2'],
  ['/hp target:', 'hp', 'damage', 'target', 'gob', {}, 'channel-1'],
  ['/hp heal target: (no fight: the characters)', 'hp', 'heal', 'target', 'al', {}, 'channel-2'],
  ['/attack target: (a list)', 'attack', null, 'target', 'gob', {}, 'channel-1'],
  ['/save character:', 'save', null, 'character', 'al', {}, 'channel-1'],
  ['/attack action: (a homebrew attacker)', 'attack', null, 'action', 'ar', { attacker: 'Hedge Mage' }, 'channel-1'],
  ['/init add monster:', 'init', 'add', 'monster', 'gob', {}, 'channel-1'],
  ['/monster show name:', 'monster', 'show', 'name', 'gob', {}, 'channel-1'],
  ['/monster delete name:', 'monster', 'delete', 'name', 'gob', {}, 'channel-1'],
  ['/condition add condition:', 'condition', 'add', 'condition', 'po', {}, 'channel-1'],
  ['/cast spell: (a homebrew caster: its own spells, then the book)', 'cast', null, 'spell', 'fire', { caster: 'Hedge Mage' }, 'channel-1'],
];

describe('suggestions stop at their deadline: no read and no ranking after it', () => {
  let table: Table;
  let services: Services;
  openTablePer('describe', (opened) => ({ table, services } = opened), 1, 'memory');

  beforeAll(async () => {
    await table.run(GM, 'init', 'begin');
    await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior' });
    // The SRD's Mage as the server's own, so reading its block is a read of the homebrew shelf.
    await services.bestiary.homebrew.save('guild-1', [{ ...(await srdMonster('srd-5.2', 'Mage')), name: 'Hedge Mage' }], 10);
    await table.run(GM, 'init', 'add', { monster: 'Hedge Mage' });
  });

  function suggest(reads: Reads, [, name, subcommand, option, typed, given, channelId]: (typeof SUGGESTERS)[number]): Promise<unknown> {
    const watched: Services = {
      ...services,
      encounters: reads.watch(services.encounters),
      settings: reads.watch(services.settings),
      characters: reads.watch(services.characters),
      // The bestiary itself ranks in memory: its reads are its homebrew shelf's.
      bestiary: createBestiary(reads.watch(services.bestiary.homebrew)),
    };
    const ctx: AutocompleteContext = {
      interactionId: 'autocomplete',
      user: { id: GM.id, name: GM.name },
      guildId: 'guild-1',
      channelId,
      permissions: { manageGuild: false, manageChannels: false },
      options: { subcommandGroup: null, subcommand, values: { ...given, [option]: typed } },
      services: watched,
      messenger: table.messenger,
      focused: { name: option, value: typed },
      signal: reads.deadline.signal,
    };
    return registry.get(name)!.autocomplete!(ctx);
  }

  test.each(SUGGESTERS)('%s', async (...suggester) => {
    const unhurried = new Reads(null);
    await suggest(unhurried, suggester);
    expect(unhurried.count).toBeGreaterThan(0);
    // The deadline passing during each read in turn: the suggester stops as that read comes back.
    for (let read = 1; read <= unhurried.count; read += 1) {
      const late = new Reads(read);
      await expect(suggest(late, suggester)).rejects.toThrow('past the deadline');
      expect({ read, readsAfterTheDeadline: late.afterAbort }).toEqual({ read, readsAfterTheDeadline: 0 });
    }
  });
});
