import { UserError, type CommandContext, type ExpectedFile, type OptionAttachment } from '../../src/framework/command';

/**
 * The text of an import: the file attached with `file:` (fetched, size and type checked as
 * `expected` says; default: a character file) or the JSON pasted into `json:`, one of them. `what`
 * names it in the refusals ("the character").
 */
export async function importedText(
  ctx: CommandContext,
  given: { file: OptionAttachment | null; json: string | null },
  what: string,
  expected?: ExpectedFile,
): Promise<string> {
  const { file, json } = given;
  if (file !== null && json !== null) throw new UserError(`Give ${what} as a \`file\` or as \`json\`, not both.`);
  if (file !== null) return ctx.services.attachments.text(file, expected);
  if (json !== null) return json;
  throw new UserError(`Attach ${what} file with \`file:\`, or paste its JSON into \`json:\`.`);
}
