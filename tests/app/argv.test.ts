import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { rulebookArgument } from '../../main/electron/argv.js';

describe('rulebookArgument: the rulebook named when starting Electron', () => {
  it('skips the executable and, while developing, the app folder', () => {
    expect(rulebookArgument(['/usr/lib/electron/electron', '.', 'rulebooks/funjerai.md'], true)).toBe('rulebooks/funjerai.md');
    expect(rulebookArgument(['/opt/Rulebook Studio/rulebook-studio', '/home/m/novitas'], false)).toBe('/home/m/novitas');
  });
  it("ignores Electron's and Chromium's own flags wherever they are", () => {
    expect(rulebookArgument(['electron', '.', '--no-sandbox', '--inspect=5858', 'book.md', '--remote-debugging-port=9222'], true)).toBe('book.md');
    expect(rulebookArgument(['Rulebook Studio', '-psn_0_12345', 'book.md'], false)).toBe('book.md');
  });
  it('is null when no rulebook is named', () => {
    expect(rulebookArgument(['electron', '.'], true)).toBeNull();
    expect(rulebookArgument(['electron', '.', '--no-sandbox', ''], true)).toBeNull();
    expect(rulebookArgument(['rulebook-studio'], false)).toBeNull();
  });
  it('never mistakes the app folder for a rulebook while developing', () => {
    expect(rulebookArgument(['electron', path.resolve(import.meta.dirname, '../..')], true)).toBeNull();
  });
});
