import { stylesWanted, terminalStyled } from '../../../src/transports/console-styles';

const bold = (text: string) => `\u001b[1m${text}\u001b[22m`;
const struck = (text: string) => `\u001b[9m${text}\u001b[29m`;
const code = (text: string) => `\u001b[36m${text}\u001b[39m`;

describe('Discord Markdown in a terminal', () => {
  test('a roll: the dropped natural 1 struck through and bold, the total as code', () => {
    expect(terminalStyled('2d20kh1 (~~**1**~~, 11) + 5 = `16`')).toBe(`2d20kh1 (${struck(bold('1'))}, 11) + 5 = ${code('16')}`);
  });

  test('bold headings, across a line of their own', () => {
    expect(terminalStyled('**Round 1**\n▶️ `14` **Goblin 1**')).toBe(`${bold('Round 1')}\n▶️ ${code('14')} ${bold('Goblin 1')}`);
  });

  test('what a user typed, escaped for Discord, shows bare and opens no style', () => {
    expect(terminalStyled('Alice hits \\*\\*Big\\*\\* \\~~Bob\\_the\\_Ogre')).toBe('Alice hits **Big** ~~Bob_the_Ogre');
  });

  test('a code block loses its fences and language, and Markdown inside code stays as written', () => {
    expect(terminalStyled('Export:\n```json\n{"name": "**Bram**"}\n```')).toBe(`Export:\n${code('{"name": "**Bram**"}')}`);
  });

  test('markers without a partner stay as they are', () => {
    expect(terminalStyled('2 ** 3 and ~~ alone')).toBe('2 ** 3 and ~~ alone');
  });
});

describe('when the console styles its text', () => {
  test.each([
    [true, false, {}, true],
    [false, false, {}, false],
    [true, true, {}, false],
    [true, false, { NO_COLOR: '1' }, false],
    [true, false, { NO_COLOR: '' }, true],
  ])('terminal %s, --json %s, env %j: %s', (terminal, json, env, wanted) => {
    expect(stylesWanted(terminal, json, env)).toBe(wanted);
  });
});
