/**
 * `npm run character:schema`: writes docs/character.schema.json, the JSON Schema of the file
 * `/character export` prints, from its zod schema (src/characters/character-format.ts).
 * test/unit/characters/character-schema.test.ts fails when the committed file differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { characterJsonSchema } from '../src/characters/character-format';

export const CHARACTER_SCHEMA_FILE = 'docs/character.schema.json';

export function characterSchemaText(): string {
  return `${JSON.stringify(characterJsonSchema(), null, 2)}\n`;
}

if (require.main === module) fs.writeFileSync(path.resolve(__dirname, '..', CHARACTER_SCHEMA_FILE), characterSchemaText());
