import fs from 'node:fs';
import path from 'node:path';
import { CHARACTER_SCHEMA_FILE, characterSchemaText } from '../../../scripts/character-schema';

describe('docs/character.schema.json', () => {
  it('is what `npm run character:schema` writes from the zod schema the importer reads with', () => {
    const committed = fs.readFileSync(path.resolve(__dirname, '../../..', CHARACTER_SCHEMA_FILE), 'utf8');
    expect(committed).toBe(characterSchemaText());
  });

  it('documents the bounds and the spellcasting a file may hold', () => {
    const schema = JSON.parse(characterSchemaText()) as {
      required: string[];
      properties: Record<string, { anyOf?: { properties?: Record<string, unknown> }[] }>;
    };
    expect(schema.required).toEqual([
      'format',
      'version',
      'name',
      'level',
      'abilities',
      'hp',
      'ac',
      'hitDie',
      'hitDiceLeft',
      'speed',
      'tracks',
    ]);
    expect(schema.properties.level).toEqual({ type: 'integer', minimum: 1, maximum: 20 });
    expect(Object.keys(schema.properties.spellcasting?.anyOf?.[0]?.properties ?? {})).toEqual([
      'class',
      'ability',
      'saveDc',
      'attackBonus',
      'slots',
    ]);
  });
});
