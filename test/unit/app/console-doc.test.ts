import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { registry } from '../../../commands';
import { parseConsoleLine } from '../../../src/transports/console-input';
import { compiled } from '../../support/compiled';

const root = path.resolve(__dirname, '../../..');
const doc = fs.readFileSync(path.join(root, 'docs/console.md'), 'utf8');

/** The code block right after the heading `heading`. */
function blockAfter(heading: string): string[] {
  const at = doc.indexOf(heading);
  const block = /```text\n([\s\S]*?)```/.exec(doc.slice(at))?.[1] ?? '';
  return block.split('\n').filter((line) => line !== '');
}

describe('docs/console.md', () => {
  test('every line of its syntax table is a line the console reads as the table says', () => {
    const lines = blockAfter('## Lines').map((line) => line.split(/\s{2,}/)[0] ?? '');
    expect(lines.length).toBeGreaterThan(8);
    const kinds = lines.map((line) => {
      const parsed = parseConsoleLine(line, registry);
      return parsed === null ? 'comment' : parsed.ok ? parsed.action.kind : parsed.error;
    });
    expect(kinds).toEqual(['command', 'command', 'command', 'command', 'switch', 'click', 'command', 'comment', 'comment']);
  });

  test("names every option of the console's usage", () => {
    const usage = spawnSync(process.execPath, [compiled('src/console.ts'), '--help'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(usage.status).toBe(0);
    const options = [...usage.stderr.matchAll(/^ {2}(--[a-z]+)/gm)].map((m) => m[1] ?? '');
    expect(options).toEqual(['--json', '--seed', '--memory', '--files', '--web']);
    for (const option of options) expect([option, doc.includes(`| \`${option}`)]).toEqual([option, true]);
    expect(usage.stderr).toContain('docs/console.md');
  }, 90_000);

  test('the README sends readers to it', () => {
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('(docs/console.md)');
  });
});
