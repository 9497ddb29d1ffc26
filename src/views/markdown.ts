/** Text a user typed, shown literally: Discord markdown and mentions in it do nothing. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>]/g, (c) => `\\${c}`).replace(/@/g, '@\u200b');
}
