// Discord's Markdown as a terminal shows it: the console's replies are written for Discord, where
// `**16**` is bold; a terminal would print the asterisks.

const CSI = '\u001b[';
const BOLD = [`${CSI}1m`, `${CSI}22m`] as const;
const STRIKE = [`${CSI}9m`, `${CSI}29m`] as const;
const CODE = [`${CSI}36m`, `${CSI}39m`] as const;

/** A code span or block: backticks, and everything up to the same run of backticks. */
const CODE_SPAN = /(`+)([\s\S]*?[^`])\1(?!`)/g;
/** The characters `shown()` escapes in what users typed, which Discord shows without the backslash. */
const ESCAPED = /\\([\\*_~`|[\]<>#-])/g;

/** Bold and strike-through, in text outside code. */
function styleProse(text: string): string {
  return text
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, `${BOLD[0]}$1${BOLD[1]}`)
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, `${STRIKE[0]}$1${STRIKE[1]}`);
}

/** A code span's text, or a code block's without its fences and language. */
function codeText(ticks: string, body: string): string {
  if (ticks.length < 3) return body;
  return body.replace(/^[\w+-]*\n/, '').replace(/\n$/, '');
}

/** Stands in for an escaped character while the markers around it are read. */
const KEPT = /\uE000(\d+)\uE001/g;

/**
 * Turns the Markdown a reply uses (bold, strike-through, inline code and code blocks) into terminal
 * styles. An escaped character (`\*`, as `shown()` escapes what users typed) is set aside first, so
 * it never opens a style, and is shown as Discord shows it: bare, or with its backslash inside code.
 */
export function terminalStyled(text: string): string {
  const kept: string[] = [];
  const marked = text.replace(ESCAPED, (_, ch: string) => `\uE000${kept.push(ch) - 1}\uE001`);
  const restore = (part: string, inCode: boolean): string =>
    part.replace(KEPT, (_, i: string) => `${inCode ? '\\' : ''}${kept[Number(i)] ?? ''}`);
  let out = '';
  let last = 0;
  for (const match of marked.matchAll(CODE_SPAN)) {
    out += restore(styleProse(marked.slice(last, match.index)), false);
    out += `${CODE[0]}${restore(codeText(match[1] ?? '', match[2] ?? ''), true)}${CODE[1]}`;
    last = match.index + match[0].length;
  }
  return out + restore(styleProse(marked.slice(last)), false);
}

/**
 * Whether the console styles its text: on a terminal, not in `--json`, and not when the user asked
 * for no colour (`NO_COLOR`, https://no-color.org).
 */
export function stylesWanted(stdoutIsTerminal: boolean, json: boolean, env: NodeJS.ProcessEnv): boolean {
  return stdoutIsTerminal && !json && (env.NO_COLOR ?? '') === '';
}
