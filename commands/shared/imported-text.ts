import { UserError, type CommandContext, type OptionAttachment } from '../../src/framework/command';

/**
 * The text of an import: the file attached with `file:` (fetched, size and type checked) or the JSON
 * pasted into `json:`, one of them. `what` names it in the refusals ("the character").
 */
export async function importedText(ctx: CommandContext, file: OptionAttachment | null, json: string | null, what: string): Promise<string> {
  if (file !== null && json !== null) throw new UserError(`Give ${what} as a \`file\` or as \`json\`, not both.`);
  if (file !== null) return ctx.services.attachments.text(file);
  if (json !== null) return json;
  throw new UserError(`Attach ${what} file with \`file:\`, or paste its JSON into \`json:\`.`);
}
