/** Files on disk for `setInputFiles`: a browser picks files by path. Removed with the folder at the end. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function tempFiles() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'coinfront-e2e-files-'));
  return {
    write(name: string, bytes: Buffer): string {
      const file = path.join(folder, name);
      writeFileSync(file, bytes);
      return file;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
