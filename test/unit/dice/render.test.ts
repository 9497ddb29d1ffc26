import { createSeededRandom, rollDice, type RollSuccess } from '../../../src/dice';
import type { RandomSource } from '../../../src/dice/random';
import { always, scripted } from './scripted';

function rolled(text: string, random: RandomSource, maxLength?: number): RollSuccess {
  const result = rollDice(text, random, { maxLength });
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

/** Markup is whole when every `**` and `~~` opens and closes (ignoring escaped characters). */
function balanced(text: string): boolean {
  const plain = text.replace(/\\./g, '');
  return (
    (plain.match(/\*\*/g) ?? []).length % 2 === 0 &&
    (plain.match(/~~/g) ?? []).length % 2 === 0 &&
    (plain.match(/`/g) ?? []).length % 2 === 0
  );
}

describe('rendering', () => {
  test('a d1 shows its only face in bold', () => {
    expect(rolled('2d1', scripted(1, 1)).text).toBe('2d1 (**1**, **1**) = `2`');
  });

  test('a dropped die with a rerolled face strikes each face once, never one strike inside another', () => {
    // 3 and 2; the 2 is rerolled once (a 1), then the higher die is kept.
    const text = rolled('2d6ro<3kh1', scripted(3, 2, 1)).text;
    expect(text).toBe('2d6ro<3kh1 (3, ~~2~~, ~~**1**~~) = `3`');
    expect(text).not.toContain('~~~~');
  });

  test('player text in annotations cannot break the markup', () => {
    expect(rolled('1 [*bold* `code` ~~gone~~]', scripted()).text).toBe('1 [\\*bold\\* \\`code\\` \\~\\~gone\\~\\~] = `1`');
  });

  test('a roll too long for the limit shows each term’s dice count and subtotal instead', () => {
    const result = rolled('999d6 + 1d20', createSeededRandom(1), 300);
    expect(result.text).toMatch(/^999d6 \(999 dice: \d+\) \+ 1d20 \((\*\*)?\d+(\*\*)?\) = `\d+`$/);
    expect(result.text.endsWith(`= \`${result.total}\``)).toBe(true);
  });

  test('when even subtotals do not fit, the notation and total remain; and finally the total alone', () => {
    const text = Array.from({ length: 30 }, () => '10d6').join('+');
    const notation = rolled(text, always(3), 250);
    expect(notation.text).toBe(`${Array.from({ length: 30 }, () => '10d6').join(' + ')} = \`900\``);
    expect(rolled(text, always(3), 60).text).toBe('Total = `900`');
  });

  test.each([40, 100, 300, 1000, 1500])('never longer than %i characters, never cut inside markup', (maxLength) => {
    for (const text of ['1000d6', '200d20kh100 + 100d6e6 [fire]', '(' + '4d6kh3, '.repeat(30) + '1d6)kh3', '500d6ro<3']) {
      const result = rolled(text, createSeededRandom(maxLength), maxLength);
      expect(result.text.length).toBeLessThanOrEqual(Math.max(maxLength, `Total = \`${result.total}\``.length));
      expect(balanced(result.text)).toBe(true);
    }
  });
});
