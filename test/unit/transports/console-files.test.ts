import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consoleAttachments, consoleFiles, ConsoleFileSaver, safeFileName } from '../../../src/transports/console-files';

let folder: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-console-files-test-'));
});

afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

const file = (name: string, text: string) => ({ name, data: Buffer.from(text, 'utf8') });

describe('saving the files replies carry', () => {
  test('a file is written into the folder, made on the first save, and its path is given', () => {
    const saver = new ConsoleFileSaver(path.join(folder, 'out'));
    const saved = saver.save(file('goblin-cave.json', '{"encounter": {}}'));
    expect(saved).toEqual({ name: 'goblin-cave.json', bytes: 17, saved: { ok: true, path: path.join(folder, 'out', 'goblin-cave.json') } });
    expect(fs.readFileSync(path.join(folder, 'out', 'goblin-cave.json'), 'utf8')).toBe('{"encounter": {}}');
  });

  test('a second file of the same name keeps the first: -2, -3', () => {
    const saver = new ConsoleFileSaver(folder);
    const paths = ['one', 'two', 'three'].map((text) => saver.save(file('recap.png', text)).saved);
    expect(paths).toEqual(['recap.png', 'recap-2.png', 'recap-3.png'].map((name) => ({ ok: true, path: path.join(folder, name) })));
    expect(fs.readFileSync(path.join(folder, 'recap.png'), 'utf8')).toBe('one');
  });

  test('a name a user had a hand in never leaves the folder', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('Goblin cave: the return!.json')).toBe('Goblin-cave-the-return-.json');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('.bashrc')).toBe('bashrc');
  });

  test('a folder that cannot be made is reported, not thrown', () => {
    const blocker = path.join(folder, 'taken');
    fs.writeFileSync(blocker, '');
    const saved = new ConsoleFileSaver(path.join(blocker, 'inside')).save(file('a.json', '{}'));
    expect(saved.saved.ok).toBe(false);
  });
});

describe('reading files named with @', () => {
  test('json:@ reads the text; a missing file, a folder and a file past 64 KiB are refused with their reason', () => {
    const bram = path.join(folder, 'bram.json');
    fs.writeFileSync(bram, '{"format": "rollcall-character"}');
    const big = path.join(folder, 'big.json');
    fs.writeFileSync(big, 'x'.repeat(64 * 1024 + 1));
    expect(consoleFiles.text(bram)).toEqual({ ok: true, text: '{"format": "rollcall-character"}' });
    expect(consoleFiles.text(path.join(folder, 'gone.json'))).toEqual({
      ok: false,
      error: `there is no file ${path.join(folder, 'gone.json')}`,
    });
    expect(consoleFiles.text(folder)).toEqual({ ok: false, error: `${folder} is not a file` });
    expect(consoleFiles.text(big)).toEqual({ ok: false, error: `${big} is 65 KiB, more than the 64 KiB a file may have` });
  });

  test('file:@ describes the file as an attachment, which the console then reads from the disk and nowhere else', async () => {
    const hollis = path.join(folder, 'hollis.json');
    fs.writeFileSync(hollis, '{"system": {}}');
    const described = consoleFiles.attachment(hollis);
    expect(described).toEqual({
      ok: true,
      attachment: { name: 'hollis.json', url: `file://${hollis}`, size: 14, contentType: null },
    });
    if (!described.ok) return;
    await expect(consoleAttachments.text(described.attachment)).resolves.toBe('{"system": {}}');
    await expect(
      consoleAttachments.text({ name: 'x.json', url: 'https://cdn.discordapp.com/x.json', size: 1, contentType: null }),
    ).rejects.toThrow('`x.json` is not a file on this computer.');
  });

  test('file:@ takes a file as large as its import does: a monster file of 100 KiB, not a character file of 65 KiB', async () => {
    const monsters = path.join(folder, 'monsters.json');
    fs.writeFileSync(monsters, `{"monsters": [], "note": "${'x'.repeat(100 * 1024)}"}`);
    const described = consoleFiles.attachment(monsters);
    expect(described.ok).toBe(true);
    if (!described.ok) return;
    const monsterFile = { maxBytes: 256 * 1024, kind: 'a monster file', attach: 'the `.json` file' };
    await expect(consoleAttachments.text(described.attachment, monsterFile)).resolves.toHaveLength(described.attachment.size);
    await expect(consoleAttachments.text(described.attachment)).rejects.toThrow(
      '`monsters.json` is larger than 64 KiB: that is not a character file.',
    );
    const huge = path.join(folder, 'huge.json');
    fs.writeFileSync(huge, 'x'.repeat(256 * 1024 + 1));
    const hugeFile = consoleFiles.attachment(huge);
    if (!hugeFile.ok) throw new Error(hugeFile.error);
    await expect(consoleAttachments.text(hugeFile.attachment, monsterFile)).rejects.toThrow(
      '`huge.json` is larger than 256 KiB: that is not a monster file.',
    );
  });
});
