import { rollDice, type RollSuccess } from '../../../src/dice';
import type { RandomSource } from '../../../src/dice/random';
import { scripted } from './scripted';

function rolled(text: string, random: RandomSource, options = {}): RollSuccess {
  const result = rollDice(text, random, options);
  if (!result.ok) throw new Error(`${text} failed: ${result.error.message}`);
  return result;
}

/** Rolls `text` on exactly `faces`, every one of them used, and checks the total and how it reads. */
function expectRoll(text: string, faces: number[], total: number, rendering: string): void {
  const random = scripted(...faces);
  const result = rolled(text, random);
  expect(result.total).toBe(total);
  expect(result.text).toBe(rendering);
  expect(random.remaining()).toBe(0);
}

describe('dice terms', () => {
  test.each<[string, number[], number, string]>([
    ['1d20', [13], 13, '1d20 (13) = `13`'],
    ['d20', [20], 20, '1d20 (**20**) = `20`'],
    ['3d6', [1, 4, 6], 11, '3d6 (**1**, 4, **6**) = `11`'],
    ['d%', [100], 100, '1d% (**100**) = `100`'],
    ['1d%', [37], 37, '1d% (37) = `37`'],
    ['0d6', [], 0, '0d6 () = `0`'],
    ['4D6 KH3', [5, 4, 1, 6], 15, '4d6kh3 (5, 4, ~~**1**~~, **6**) = `15`'],
    ['2 d6 + 3', [2, 5], 10, '2d6 (2, 5) + 3 = `10`'],
  ])('%s with faces %j totals %i', expectRoll);
});

describe('keep and drop', () => {
  test.each<[string, number[], number, string]>([
    ['4d6kh3', [5, 4, 1, 6], 15, '4d6kh3 (5, 4, ~~**1**~~, **6**) = `15`'],
    ['4d6kl1', [5, 4, 1, 6], 1, '4d6kl1 (~~5~~, ~~4~~, **1**, ~~**6**~~) = `1`'],
    ['2d20kh1', [6, 6], 6, '2d20kh1 (6, ~~6~~) = `6`'],
    ['4d6k6', [6, 2, 6, 3], 12, '4d6k6 (**6**, ~~2~~, **6**, ~~3~~) = `12`'],
    ['4d6k>3', [6, 2, 4, 3], 10, '4d6k>3 (**6**, ~~2~~, 4, ~~3~~) = `10`'],
    ['4d6k<3', [6, 2, 4, 1], 3, '4d6k<3 (~~**6**~~, 2, ~~4~~, **1**) = `3`'],
    ['4d6p1', [1, 3, 1, 5], 8, '4d6p1 (~~**1**~~, 3, ~~**1**~~, 5) = `8`'],
    ['4d6ph1', [2, 6, 3, 6], 11, '4d6ph1 (2, ~~**6**~~, 3, **6**) = `11`'],
    ['4d6pl2', [2, 6, 3, 6], 12, '4d6pl2 (~~2~~, **6**, ~~3~~, **6**) = `12`'],
    ['4d6p>4', [2, 6, 3, 5], 5, '4d6p>4 (2, ~~**6**~~, 3, ~~5~~) = `5`'],
    ['4d6p<3', [1, 2, 5, 6], 11, '4d6p<3 (~~**1**~~, ~~2~~, 5, **6**) = `11`'],
    // Repeated operators merge; their selectors combine as a union.
    ['4d6k1k2', [1, 2, 3, 2], 5, '4d6k1k2 (**1**, 2, ~~3~~, 2) = `5`'],
  ])('%s with faces %j totals %i', expectRoll);

  test('a selector only sees the dice still kept: kh3 then ro<3 leaves the dropped 1 alone', () => {
    const random = scripted(1, 5, 2, 6, 4);
    const result = rolled('4d6kh3ro<3', random);
    expect(result.total).toBe(15);
    expect(result.text).toBe('4d6kh3ro<3 (~~**1**~~, 5, ~~2~~, 4, **6**) = `15`');
    expect(random.remaining()).toBe(0);
  });
});

describe('rerolls, explosions and limits on each die', () => {
  test.each<[string, number[], number, string]>([
    // Reroll the 1 once, then keep the highest three.
    ['4d6ro1kh3', [1, 4, 2, 5, 6], 15, '4d6ro1kh3 (~~**1**~~, **6**, 4, ~~2~~, 5) = `15`'],
    // ro rerolls each match once, even when the new face matches again.
    ['2d6ro1', [1, 1, 1, 2], 3, '2d6ro1 (~~**1**~~, **1**, ~~**1**~~, 2) = `3`'],
    // rr rerolls until no die matches.
    ['2d6rr1', [1, 3, 1, 5], 8, '2d6rr1 (~~**1**~~, ~~**1**~~, 5, 3) = `8`'],
    ['2d6rr<3', [2, 1, 2, 4, 5], 9, '2d6rr<3 (~~2~~, ~~2~~, 5, ~~**1**~~, 4) = `9`'],
    // ra adds one die for the whole pool, however many match.
    ['3d6ra6', [6, 6, 2, 4], 18, '3d6ra6 (**6**!, **6**, 2, 4) = `18`'],
    ['3d6ra6', [3, 5, 2], 10, '3d6ra6 (3, 5, 2) = `10`'],
    // e: every matching die adds one, and added dice explode too.
    ['2d6e6', [6, 2, 6, 3], 17, '2d6e6 (**6**!, 2, **6**!, 3) = `17`'],
    ['3d6e>4', [5, 1, 2, 6, 3], 17, '3d6e>4 (5!, **1**, 2, **6**!, 3) = `17`'],
    ['3d6mi3', [1, 5, 2], 11, '3d6mi3 (**1** -> 3, 5, 2 -> 3) = `11`'],
    ['2d6ma4', [6, 3], 7, '2d6ma4 (**6** -> 4, 3) = `7`'],
    // Among equal values the earlier die is kept.
    ['4d6mi2kh3', [1, 1, 3, 4], 9, '4d6mi2kh3 (**1** -> 2, ~~**1** -> 2~~, 3, 4) = `9`'],
    // Operators in turn on one die: each face keeps its own `!`, forced value and strike.
    ['2d6e6rr1', [6, 1, 1, 4, 3], 13, '2d6e6rr1 (**6**!, ~~**1**~~, 4, ~~**1**~~, 3) = `13`'],
    ['1d6e6rr6', [6, 2, 3], 5, '1d6e6rr6 (~~**6**!~~, 3, 2) = `5`'],
    ['2d6mi3rr3', [1, 5, 4], 9, '2d6mi3rr3 (~~**1** -> 3~~, 4, 5) = `9`'],
    ['1d6e6ma5', [6, 2], 7, '1d6e6ma5 (**6** -> 5!, 2) = `7`'],
    ['1d6rr1mi3', [1, 1, 2], 3, '1d6rr1mi3 (~~**1**~~, ~~**1**~~, 2 -> 3) = `3`'],
    ['1d6ro1e6', [1, 6, 3], 9, '1d6ro1e6 (~~**1**~~, **6**!, 3) = `9`'],
  ])('%s with faces %j totals %i', expectRoll);
});

describe('sets and parentheses', () => {
  test.each<[string, number[], number, string]>([
    // A dropped element is struck once as a whole: strikes never nest.
    ['(1d4+1, 3, 2d6kl1)kh1', [2, 2, 5], 3, '(1d4 (2) + 1, ~~3~~, ~~2d6kl1 (2, 5)~~)kh1 = `3`'],
    ['(1d4+1, 3, 2d6kl1)kh1', [4, 6, 5], 5, '(1d4 (**4**) + 1, ~~3~~, ~~2d6kl1 (**6**, 5)~~)kh1 = `5`'],
    ['(3d6,)', [1, 2, 3], 6, '(3d6 (**1**, 2, 3),) = `6`'],
    ['(1, 2, 3)', [], 6, '(1, 2, 3) = `6`'],
    ['(1, 2, 3)p1', [], 5, '(~~1~~, 2, 3)p1 = `5`'],
    ['(10, 1d6, 4)kl2', [5], 9, '(~~10~~, 1d6 (5), 4)kl2 = `9`'],
    ['()', [], 0, '() = `0`'],
    ['(4d6)kh3', [5, 4, 1, 6], 15, '(4d6 (5, 4, ~~**1**~~, **6**))kh3 = `15`'],
    ['(2d6 + 3)', [1, 2], 6, '(2d6 (**1**, 2) + 3) = `6`'],
  ])('%s with faces %j totals %i', expectRoll);
});

describe('arithmetic', () => {
  test.each<[string, number]>([
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 - 2 - 3', 5],
    ['-3', -3],
    ['+3', 3],
    ['--3', 3],
    ['-(2 + 3)', -5],
    ['7 / 2', 3],
    ['-7 / 2', -3],
    ['(1 / 2) * 4', 2],
    ['0.5 + 0.5', 1],
    ['1.5 * 3', 4],
    ['7 // 2', 3],
    ['-7 // 2', -4],
    ['7 % 3', 1],
    ['-7 % 3', 2],
    ['7 % -3', -2],
    ['3 == 3', 1],
    ['3 != 3', 0],
    ['2 < 3', 1],
    ['2 > 3', 0],
    ['3 <= 3', 1],
    ['2 >= 3', 0],
    ['1 + 2 == 3', 1],
    ['1 < 2 < 3', 1],
  ])('%s = %i', (text, total) => {
    expect(rolled(text, scripted()).total).toBe(total);
  });

  test('a comparison with dice gives 1 or 0', () => {
    expect(rolled('1d20 >= 10', scripted(12)).total).toBe(1);
    expect(rolled('1d20 >= 10', scripted(9)).total).toBe(0);
  });
});

describe('annotations, comments and advantage', () => {
  test('annotations follow their term and the trailing text is the comment', () => {
    const result = rolled('3d6 [fire] + 1d4 [piercing] to the orc', scripted(3, 2, 2, 3));
    expect(result.total).toBe(10);
    expect(result.text).toBe('3d6 (3, 2, 2) [fire] + 1d4 (3) [piercing] = `10`');
    expect(result.annotations).toEqual(['fire', 'piercing']);
    expect(result.comment).toBe('to the orc');
  });

  test('several annotations on one term, and on parentheses', () => {
    const result = rolled('-(1d8 + 3) [healing] [magic]', scripted(7));
    expect(result.total).toBe(-10);
    expect(result.text).toBe('-(1d8 (7) + 3) [healing] [magic] = `-10`');
    expect(result.annotations).toEqual(['healing', 'magic']);
  });

  test('an operator-like word after a space starts the comment', () => {
    expect(rolled('1d20 extra damage', scripted(4)).comment).toBe('extra damage');
    expect(rolled('2d6 piercing', scripted(4, 4)).comment).toBe('piercing');
  });

  test.each<[string, number[], number, string]>([
    ['1d20+5 adv', [3, 17], 22, '2d20kh1 (~~3~~, 17) + 5 = `22`'],
    ['dis 1d20+5', [3, 17], 8, '2d20kl1 (3, ~~17~~) + 5 = `8`'],
    ['1d20 ADV + 1d20', [3, 17, 10], 27, '2d20kh1 (~~3~~, 17) + 1d20 (10) = `27`'],
    ['1d20 adv dis', [3], 3, '1d20 (3) = `3`'],
  ])('%s with faces %j totals %i', expectRoll);

  test('a mode option combines with the words: advantage and disadvantage cancel', () => {
    expect(rolled('1d20', scripted(3, 17), { mode: 'advantage' }).total).toBe(17);
    expect(rolled('1d20 dis', scripted(3), { mode: 'advantage' }).total).toBe(3);
    // Both words already cancel: a mode besides does not bring either back.
    expect(rolled('1d20 adv dis', scripted(3, 17), { mode: 'advantage' }).text).toBe('1d20 (3) = `3`');
    expect(rolled('1d20 adv dis', scripted(17, 3), { mode: 'disadvantage' }).text).toBe('1d20 (17) = `17`');
  });

  test('the words inside annotations or longer words do nothing', () => {
    expect(rolled('1d20 [adv] to disarm', scripted(3)).text).toBe('1d20 (3) [adv] = `3`');
  });
});

describe('the first d20', () => {
  test('the kept face, its natural value and every face rolled', () => {
    expect(rolled('1d20ro1+4', scripted(1, 20)).firstD20).toEqual({ kept: 20, natural: 20, rolls: [1, 20], leading: true });
    expect(rolled('1d20mi10', scripted(1)).firstD20).toEqual({ kept: 10, natural: 1, rolls: [1], leading: true });
    expect(rolled('1d20ro1mi5', scripted(1, 2)).firstD20).toEqual({ kept: 5, natural: 2, rolls: [1, 2], leading: true });
    expect(rolled('1d20e20ro20kh1', scripted(20, 4, 9)).firstD20).toEqual({ kept: 9, natural: 9, rolls: [20, 9, 4], leading: true });
    expect(rolled('1d20 adv', scripted(20, 4)).firstD20).toEqual({ kept: 20, natural: 20, rolls: [20, 4], leading: true });
  });

  test('a d20 later in the expression is found but is not leading; two kept d20s are not one', () => {
    expect(rolled('5 + 1d20', scripted(20)).firstD20).toEqual({ kept: 20, natural: 20, rolls: [20], leading: false });
    expect(rolled('2d20', scripted(20, 1)).firstD20).toBeNull();
    expect(rolled('1d6', scripted(6)).firstD20).toBeNull();
  });

  test("a d20 a set dropped is not the first d20: the set's kept one is, and leads", () => {
    expect(rolled('(1d20, 1d20)kl1', scripted(20, 5)).firstD20).toEqual({ kept: 5, natural: 5, rolls: [5], leading: true });
  });
});

describe('operators with several selectors act selector by selector, in every round', () => {
  test.each<[string, number[], number, string]>([
    // Each round rerolls the 1s before the 2s: first the second die, then the first; then the reverse.
    ['2d6rr1rr2', [2, 1, 2, 1, 3, 4], 7, '2d6rr1rr2 (~~2~~, ~~**1**~~, 3, ~~**1**~~, ~~2~~, 4) = `7`'],
    // The 6 explodes before the 5; then only the new dice can explode.
    ['3d6e6e5', [5, 6, 1, 2, 6, 3], 23, '3d6e6e5 (5!, **6**!, **1**, 2, **6**!, 3) = `23`'],
  ])('%s with faces %j totals %i', expectRoll);
});
