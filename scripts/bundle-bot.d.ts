/** Makes `<root>/dist/src/main.js` one file with the modules the bot loads at start. */
export function bundleBot(root: string): Promise<void>;
/** The first character of `text` past U+00FF, which would make V8 keep the whole text two bytes a character; null when none. */
export function firstWideCharacter(text: string): { at: number; character: string } | null;
