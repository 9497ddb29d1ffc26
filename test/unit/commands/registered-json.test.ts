import fs from 'node:fs';
import path from 'node:path';
import { commandsJson } from '../../../scripts/commands-json';

// The command definitions Discord holds change only on purpose: a refactor of how commands are
// declared must send the same bytes. After a deliberate change, regenerate the fixture with
// `npm run --silent commands:json > test/fixtures/commands.json` and review its diff.
describe('the registered command JSON', () => {
  it('is byte for byte the reviewed fixture', () => {
    const fixture = fs.readFileSync(path.resolve(__dirname, '../../fixtures/commands.json'), 'utf8');
    expect(commandsJson()).toBe(fixture);
  });
});
