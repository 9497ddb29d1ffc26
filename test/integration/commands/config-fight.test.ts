import { GM, openTablePer, text, type Table } from './support';

const ADMIN = { id: 'user-admin', name: 'Ada', admin: true };

/** /config while a fight runs in the channel: the fight keeps the rule set it began with, and says so. */
describe('/config beside a running fight', () => {
  let table: Table;
  openTablePer('test', (opened) => ({ table } = opened), 1, 'memory');

  test('/config show and /config ruleset name the rule set the fight keeps when the channel now plays another', async () => {
    await table.run(GM, 'init', 'begin', { name: 'Crypt **of** Ash' });
    const kept =
      'The encounter running here, **Crypt \\*\\*of\\*\\* Ash**, keeps playing **5e 2024** (`dnd2024`), the rule set it began with, until it ends.';

    const set = await table.run(ADMIN, 'config', 'ruleset', { ruleset: 'dnd2014' });
    expect(set.embeds?.[0]?.description).toBe(`The 2014 rules: six-level exhaustion table, half your hit dice back.\n${kept}`);

    const shown = text(await table.run(GM, 'config', 'show'));
    expect(shown).toContain(
      `Rule set here: 5e 2014 (\`dnd2014\`)\nThe 2014 rules: six-level exhaustion table, half your hit dice back. This is set for the server.\n${kept}\n`,
    );

    // The fight still plays 2024, so the stat blocks it reads are the SRD 5.2's.
    const block = await table.run(GM, 'monster', 'show', { name: 'Goblin Warrior' });
    expect(block.embeds?.[0]?.footer).toBe('SRD 5.2 (CC-BY-4.0, Wizards of the Coast)');
  });

  test('with the rule set the fight began with, or no fight, only the general reminder', async () => {
    const none = await table.run(ADMIN, 'config', 'ruleset', { ruleset: 'dnd2014' });
    expect(none.embeds?.[0]?.description).toBe(
      'The 2014 rules: six-level exhaustion table, half your hit dice back.\nEncounters already running keep the rule set they began with.',
    );
    await table.run(GM, 'init', 'begin', {});
    expect(text(await table.run(GM, 'config', 'show'))).not.toContain('The encounter running here');
  });
});
