import { command } from '../../../commands/roll';
import type { CommandContext, OptionValue } from '../../../src/framework/command';
import type { Reply } from '../../../src/views/reply';
import { COLORS } from '../../../src/views/embeds';
import { UserError } from '../../../src/errors';
import type { RandomSource } from '../../../src/dice/random';
import { scripted } from '../dice/scripted';
import { unitContext } from './context';

/** /roll needs only the random source and posts no channel messages. */
function context(values: Record<string, OptionValue>, random: RandomSource): CommandContext {
  const unused = (): never => {
    throw new Error('/roll posts no channel messages');
  };
  return unitContext({ random }, { send: unused, sendDirect: unused, edit: unused, pin: unused }, values);
}

async function roll(values: Record<string, OptionValue>, ...faces: number[]): Promise<Reply> {
  return command.execute(context(values, scripted(...faces)));
}

function embedOf(reply: Reply) {
  expect(reply.embeds).toHaveLength(1);
  return reply.embeds![0]!;
}

describe('/roll', () => {
  test('the comment is the title, with the dice and the total', async () => {
    const reply = await roll({ dice: '1d20+5 to hit the orc' }, 12);
    expect(reply.ephemeral).toBe(false);
    expect(embedOf(reply)).toEqual({
      title: 'to hit the orc',
      description: '1d20 (12) + 5 = `17`',
      color: COLORS.info,
      fields: [{ name: 'Total', value: '17', inline: true }],
    });
  });

  test('a label wins over the comment; without either the roller is named', async () => {
    expect(embedOf(await roll({ dice: '1d6 fire', label: 'Firebolt' }, 4)).title).toBe('Firebolt');
    expect(embedOf(await roll({ dice: '1d6' }, 4)).title).toBe('Alice rolls');
  });

  test('a label or comment is shown as typed, its markdown inert', async () => {
    expect(embedOf(await roll({ dice: '1d20', label: '**big** ||spoiler|| ~~x~~' }, 4)).title).toBe(
      '\\*\\*big\\*\\* \\|\\|spoiler\\|\\| \\~\\~x\\~\\~',
    );
    expect(embedOf(await roll({ dice: '1d20 __under__ `code`' }, 4)).title).toBe('\\_\\_under\\_\\_ \\`code\\`');
  });

  test('a comment too long for the title is cut short of the emoji it would halve', async () => {
    const title = embedOf(await roll({ dice: `1d20 ${'a'.repeat(254)}🐉 roars` }, 4)).title;
    expect(title).toBe(`${'a'.repeat(254)}…`);
  });

  test('a natural 20 and a natural 1 on a leading d20 are called out', async () => {
    expect(embedOf(await roll({ dice: '1d20+5' }, 20)).description).toBe('1d20 (**20**) + 5 = `25`\n**Natural 20!**');
    expect(embedOf(await roll({ dice: '1d20+5' }, 1)).description).toBe('1d20 (**1**) + 5 = `6`\n**Natural 1.**');
    expect(embedOf(await roll({ dice: '5+1d20' }, 20)).description).toBe('5 + 1d20 (**20**) = `25`');
  });

  test('a d20 a set dropped is never called a natural 20: the kept one is', async () => {
    expect(embedOf(await roll({ dice: '(1d20, 1d20)kl1' }, 20, 5)).description).toBe('(~~1d20 (**20**)~~, 1d20 (5))kl1 = `5`');
    expect(embedOf(await roll({ dice: '(1d20, 1d20)kh1' }, 5, 20)).description).toBe(
      '(~~1d20 (5)~~, 1d20 (**20**))kh1 = `20`\n**Natural 20!**',
    );
    expect(embedOf(await roll({ dice: '2d20kl1' }, 20, 5)).description).toBe('2d20kl1 (~~**20**~~, 5) = `5`');
  });

  test('a DC gives success or failure', async () => {
    const pass = embedOf(await roll({ dice: '1d20+3', dc: 15 }, 12));
    expect(pass.description).toBe('1d20 (12) + 3 = `15`\nDC 15: **✅ Success**');
    expect(pass.color).toBe(COLORS.success);
    const fail = embedOf(await roll({ dice: '1d20+3', dc: 15 }, 11));
    expect(fail.description).toBe('1d20 (11) + 3 = `14`\nDC 15: **❌ Failure**');
    expect(fail.color).toBe(COLORS.danger);
  });

  test('advantage and disadvantage change the first 1d20', async () => {
    const adv = embedOf(await roll({ dice: '1d20+3', mode: 'advantage' }, 4, 18));
    expect(adv.description).toBe('2d20kh1 (~~4~~, 18) + 3 = `21`');
    expect(adv.footer).toBe('Rolled with advantage.');
    expect(embedOf(await roll({ dice: '1d20+3', mode: 'disadvantage' }, 4, 18)).fields).toEqual([
      { name: 'Total', value: '7', inline: true },
    ]);
  });

  test('the words advantage and disadvantage in the dice are modes, not a comment', async () => {
    const adv = embedOf(await roll({ dice: '1d20+5 advantage' }, 4, 18));
    expect(adv.description).toBe('2d20kh1 (~~4~~, 18) + 5 = `23`');
    expect(adv.title).toBe('Alice rolls');
    expect(adv.footer).toBe('Rolled with advantage.');
    const dis = embedOf(await roll({ dice: '1d20+5 Disadvantage to hit' }, 4, 18));
    expect(dis.description).toBe('2d20kl1 (4, ~~18~~) + 5 = `9`');
    expect(dis.title).toBe('to hit');
  });

  test('a mode word inside the comment leaves no gap in the title, nor an empty "( )"', async () => {
    expect(embedOf(await roll({ dice: '1d20+5 (adv)' }, 4, 18)).title).toBe('Alice rolls');
    expect(embedOf(await roll({ dice: '1d20+5 to hit (with advantage) the orc' }, 4, 18)).title).toBe('to hit (with) the orc');
    expect(embedOf(await roll({ dice: '1d20+5 stealth, dis' }, 4, 18)).title).toBe('stealth');
  });

  test('advantage and disadvantage together cancel, and the reply says so', async () => {
    const both = embedOf(await roll({ dice: '1d20+5 adv', mode: 'disadvantage' }, 12));
    expect(both.description).toBe('1d20 (12) + 5 = `17`');
    expect(both.footer).toBe('Advantage and disadvantage cancel out: rolled a plain d20.');
    expect(embedOf(await roll({ dice: '1d20 advantage dis' }, 12)).footer).toBe(
      'Advantage and disadvantage cancel out: rolled a plain d20.',
    );
    expect(embedOf(await roll({ dice: '1d20 [adv] dis' }, 4, 18)).footer).toBe('Rolled with disadvantage.');
  });

  test('advantage on a roll without a 1d20 is a mistake the player is told about', async () => {
    await expect(roll({ dice: '2d6', mode: 'advantage' }, 3, 4)).rejects.toThrow(
      new UserError('Advantage and disadvantage apply to a `1d20`, and `2d6` has none.'),
    );
  });

  test('the word adv on dice without a 1d20 is refused as mode:advantage is, and adv and dis cancel whatever the option says', async () => {
    await expect(roll({ dice: '2d20 adv' }, 3, 4)).rejects.toThrow(
      new UserError('Advantage and disadvantage apply to a `1d20`, and `2d20 adv` has none.'),
    );
    await expect(roll({ dice: '2d20kh1 dis' }, 3, 4)).rejects.toThrow(
      new UserError('Advantage and disadvantage apply to a `1d20`, and `2d20kh1 dis` has none.'),
    );
    const cancelled = embedOf(await roll({ dice: '1d20 adv dis', mode: 'advantage' }, 12));
    expect(cancelled.description).toBe('1d20 (12) = `12`');
    expect(cancelled.footer).toBe('Advantage and disadvantage cancel out: rolled a plain d20.');
  });

  test('times rolls again, one line each, with their sum', async () => {
    const embed = embedOf(await roll({ dice: '1d6', times: 3 }, 1, 2, 6));
    expect(embed.description).toBe('1. 1d6 (**1**) = `1`\n2. 1d6 (2) = `2`\n3. 1d6 (**6**) = `6`');
    expect(embed.fields).toEqual([{ name: 'Sum', value: '9', inline: true }]);
  });

  test('times with a DC counts the successes', async () => {
    const embed = embedOf(await roll({ dice: '1d20', times: 3, dc: 10 }, 20, 9, 10));
    expect(embed.description).toBe(
      '1. 1d20 (**20**) = `20` · **natural 20** · ✅ Success\n2. 1d20 (9) = `9` · ❌ Failure\n3. 1d20 (10) = `10` · ✅ Success',
    );
    expect(embed.fields).toEqual([
      { name: 'Sum', value: '39', inline: true },
      { name: 'DC 10', value: '2 of 3 succeed', inline: true },
    ]);
  });

  test('times whose sum would go past what is counted exactly is refused, with no sum rounded', async () => {
    const refused = command.execute(context({ dice: '9007199254740991 - 1d4', times: 2 }, scripted(1, 4)));
    await expect(refused).rejects.toThrow(UserError);
    await expect(refused).rejects.toThrow(
      'This roll goes past 9,007,199,254,740,991 (above or below zero), the most it can count exactly: it has no total.',
    );
  });

  test('twenty huge rolls still fit in one embed', async () => {
    const reply = await command.execute(context({ dice: '1000d6', times: 20 }, { die: () => 3 }));
    const embed = embedOf(reply);
    expect(embed.description!.length).toBeLessThanOrEqual(4096);
    expect(embed.fields).toEqual([{ name: 'Sum', value: '60000', inline: true }]);
  });

  test("another roller's letters for exploding, dropping and rerolling are answered with this notation's", async () => {
    const said = (dice: string) =>
      roll({ dice }).then(
        () => 'rolled',
        (error: unknown) => (error as UserError).message.split('\n')[3],
      );
    expect(await said('4d6!')).toBe('Exploding dice are written with `e` here: `4d6e6`.');
    expect(await said('4d6dl1')).toBe('Dropping dice is written with `p` here: `4d6pl1` drops the lowest.');
    expect(await said('1d4 [🐉] + 1d20r1')).toBe('Rerolls are written `rr` (until none is left) or `ro` (once) here: `2d6ro1`.');
    expect(await said('1d20+*5')).toBe('Dice look like `1d20+5`, `4d6kh3` or `2d6+3 [fire]`; `/help command:roll` lists the rest.');
  });

  test('mistakes are UserErrors, which transports show to the player alone', async () => {
    await expect(roll({ dice: 'fireball' })).rejects.toBeInstanceOf(UserError);
  });

  test('a mistake in the dice points at it, as a message for the player', async () => {
    await expect(roll({ dice: '1d20+*5' })).rejects.toThrow(
      new UserError(
        'Unexpected `*` at column 6.\n`1d20+*5`\n`     ^`\nDice look like `1d20+5`, `4d6kh3` or `2d6+3 [fire]`; `/help command:roll` lists the rest.',
      ),
    );
    await expect(roll({ dice: '1d6/0' }, 3)).rejects.toThrow(
      new UserError('Cannot divide by zero.\nDice look like `1d20+5`, `4d6kh3` or `2d6+3 [fire]`; `/help command:roll` lists the rest.'),
    );
  });

  test('the definition offers every option with its limits', () => {
    const json = command.definition.toJSON();
    expect(json.name).toBe('roll');
    const options = (json.options ?? []).map((o) => ({ name: o.name, required: o.required ?? false }));
    expect(options).toEqual([
      { name: 'dice', required: true },
      { name: 'mode', required: false },
      { name: 'dc', required: false },
      { name: 'label', required: false },
      { name: 'times', required: false },
      { name: 'secret', required: false },
    ]);
    expect(json.options?.find((o) => o.name === 'times')).toMatchObject({ min_value: 1, max_value: 20 });
  });
});
