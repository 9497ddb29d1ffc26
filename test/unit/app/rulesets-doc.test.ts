import fs from 'node:fs';
import path from 'node:path';
import { differencesFor, differencesTable } from '../../../src/rules/differences';

describe('docs/rulesets.md', () => {
  it('holds exactly the table /config show draws from', () => {
    const doc = fs.readFileSync(path.join(__dirname, '../../../docs/rulesets.md'), 'utf8');
    expect(doc).toContain(`${differencesTable()}\n`);
  });
});

describe('differencesFor', () => {
  it('resolves "as 2024" to the 2024 wording for Crown & Misery', () => {
    const rows = new Map(differencesFor('crown-misery').map((r) => [r.label, r.value]));
    expect(rows.get('Critical hit damage')).toBe('roll normally, then double the total');
    expect(rows.get('Long rest')).toBe(new Map(differencesFor('dnd2024').map((r) => [r.label, r.value])).get('Long rest'));
  });

  it('leaves out what a rule set lacks', () => {
    expect(differencesFor('dnd2014').map((r) => r.label)).not.toContain('Conditions only here');
    expect(differencesFor('dnd-next').map((r) => r.label)).toContain('Conditions only here');
    expect(differencesFor('dnd2014').map((r) => r.label)).not.toContain('Conditions only here');
  });
});
