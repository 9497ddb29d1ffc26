import { SlashCommandBuilder } from '@discordjs/builders';
import { helpDetailPages, helpOverviewPages, type HelpEntry } from '../../../src/views/help';
import type { Embed } from '../../../src/views/reply';
import { embedLimitViolations } from '../../support/embed-limits';

/** `/big` with `subcommands` subcommands of ten options each and `examples` long examples per subcommand. */
function big(subcommands: number, examples: number): HelpEntry {
  const builder = new SlashCommandBuilder().setName('big').setDescription('A command with much to say');
  const lines: string[] = [];
  for (let s = 1; s <= subcommands; s++) {
    builder.addSubcommand((sub) => {
      sub.setName(`sub${s}`).setDescription(`Subcommand number ${s}, which does something worth a sentence`);
      for (let o = 1; o <= 10; o++)
        sub.addStringOption((opt) =>
          opt.setName(`option${o}`).setDescription(`What option ${o} of subcommand ${s} changes, said at length`),
        );
      return sub;
    });
    for (let e = 1; e <= examples; e++)
      lines.push(`/big sub${s} ${Array.from({ length: 10 }, (_, o) => `option${o + 1}:value-${e}-${'x'.repeat(8)}`).join(' ')}`);
  }
  return { definition: builder.toJSON(), examples: lines };
}

function lines(pages: readonly Embed[]): string[] {
  return pages.flatMap((page) => [page.description ?? '', ...(page.fields ?? []).map((f) => f.value)].join('\n').split('\n'));
}

describe('help pages', () => {
  test('a subcommand whose options and examples run past 1,024 characters continues in a second field, split between lines', () => {
    const pages = helpDetailPages(big(1, 4));
    expect(pages).toHaveLength(1);
    expect(pages[0]?.fields?.map((f) => f.name)).toEqual(['/big sub1', '/big sub1 (continued)']);
    expect(pages[0]?.footer).toBeUndefined();
    const shown = lines(pages);
    for (const example of big(1, 4).examples) expect(shown).toContain(`\`${example}\``);
  });

  test('a command too long for one message is paged: each page fits alone, every example is whole, each footer names the next page', () => {
    const entry = big(12, 3);
    const pages = helpDetailPages(entry);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(embedLimitViolations(page)).toEqual([]);
    const shown = lines(pages);
    for (const example of entry.examples) expect(shown).toContain(`\`${example}\``);
    expect(pages.map((p) => p.footer)).toEqual(
      pages.map((_, i) =>
        i + 1 < pages.length
          ? `Page ${i + 1} of ${pages.length}. Next: /help command:big page:${i + 2}`
          : `Page ${i + 1} of ${pages.length}.`,
      ),
    );
    // A subcommand is not split across two pages when it fits on one.
    const names = pages.map((p) => new Set((p.fields ?? []).map((f) => f.name.replace(' (continued)', ''))));
    for (const [i, page] of names.entries())
      for (const name of page) expect([name, names.slice(i + 1).some((later) => later.has(name))]).toEqual([name, false]);
  });

  test('a command without subcommands whose text runs past the description continues in fields', () => {
    const builder = new SlashCommandBuilder().setName('solo').setDescription('One command');
    for (let o = 1; o <= 25; o++) builder.addStringOption((opt) => opt.setName(`option${o}`).setDescription('d'.repeat(100)));
    const examples = Array.from({ length: 20 }, (_, e) => `/solo ${'option1:'.padEnd(200, String(e % 10))}`);
    const pages = helpDetailPages({ definition: builder.toJSON(), examples });
    for (const page of pages) expect(embedLimitViolations(page)).toEqual([]);
    expect(pages[0]?.fields?.[0]?.name).toBe('/solo (continued)');
    for (const example of examples) expect(lines(pages)).toContain(`\`${example}\``);
  });

  test('the overview names /help page:2 when the commands need two pages', () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ ...big(1, 1), definition: { ...big(1, 1).definition, name: `big${i}` } }));
    const pages = helpOverviewPages(entries);
    expect(pages[0]?.footer).toBe(`Page 1 of ${pages.length}. Next: /help page:2`);
    for (const page of pages) expect(embedLimitViolations(page)).toEqual([]);
  });
});
