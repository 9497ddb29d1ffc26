/**
 * Invisible format characters (Unicode category Cf: zero-width spaces and joiners, bidirectional
 * controls such as U+202E, the byte order mark, soft hyphens) and lone halves of UTF-16 pairs. A name
 * that differs from another only by these looks the same and is not another name; a right-to-left
 * override reverses whatever follows it on a tracker line.
 */
const INVISIBLE = /[\p{Cf}\p{Cs}]/gu;
const PICTOGRAPH_BEFORE = /\p{Extended_Pictographic}\uFE0F?$/u;
const PICTOGRAPH_AFTER = /^\p{Extended_Pictographic}/u;

/** A zero-width joiner between two pictographs builds one emoji (👨‍👩‍👧), and stays. */
function joinsEmoji(text: string, at: number): boolean {
  return PICTOGRAPH_BEFORE.test(text.slice(Math.max(0, at - 3), at)) && PICTOGRAPH_AFTER.test(text.slice(at + 1, at + 3));
}

/** Printable ASCII words, one space between them: already clean, and what most names are. */
const PLAIN = /^[\x21-\x7E]+(?: [\x21-\x7E]+)*$/;

/** Whether `text` is printable ASCII words one space apart, which no normalisation changes. */
export function isPlainName(text: string): boolean {
  return PLAIN.test(text);
}

/**
 * A name as it is stored and compared: composed (NFC), without invisible characters, its runs of
 * spaces (any kind, line breaks too) made one space, trimmed.
 */
export function cleanName(text: string): string {
  // Names are cleaned every time a command looks one up, for each combatant: skip the work when there is none.
  if (isPlainName(text)) return text;
  return text
    .normalize('NFC')
    .replace(INVISIBLE, (found: string, at: number, whole: string) => (found === '\u200D' && joinsEmoji(whole, at) ? found : ''))
    .replace(/\s+/g, ' ')
    .trim();
}
