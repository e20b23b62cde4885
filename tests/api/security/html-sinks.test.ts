/**
 * User text (chat messages, names, FAQ questions) reaches the page only as text: React escapes
 * what it renders, so the web app must never hand a string to an HTML or code sink. A static
 * check over src/web, so future screens (chat, staff console) are held to it too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SINKS: [string, RegExp][] = [
  ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML/],
  ['innerHTML / outerHTML', /\.(inner|outer)HTML\s*=/],
  ['insertAdjacentHTML', /insertAdjacentHTML\s*\(/],
  ['document.write', /document\.write(ln)?\s*\(/],
  ['eval', /(^|[^.\w])eval\s*\(/],
  ['new Function', /new\s+Function\s*\(/],
  ['javascript: URLs', /['"`]javascript:/i],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the web app renders user text as text', () => {
  const files = sourceFiles('src/web');

  it.each(SINKS)('never uses %s', (_name, sink) => {
    expect(files.length).toBeGreaterThan(10);
    const hits = files.filter((file) => sink.test(readFileSync(file, 'utf8')));
    expect(hits).toEqual([]);
  });
});
