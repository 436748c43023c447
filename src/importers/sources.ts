import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the catalogue records about each dataset it was built from (its attribution). */
export interface DatasetInfo {
  id: string;
  name: string;
  version: string;
  publisher: string;
  licence: string;
  licenceUrl: string | null;
  url: string;
  attribution: string;
  role: string;
}

export class ImportError extends Error {
  override name = 'ImportError';
}

/**
 * Finds the folder that holds a dataset by the files it must contain, looking in the
 * source directory and two levels below it, so both this project's folder names and
 * the official downloads unzipped as they come are accepted.
 */
export function locateDataset(
  sourceDir: string,
  label: string,
  matches: (files: string[]) => boolean,
  downloadHint: string,
): string {
  const found = findDatasetDirs(sourceDir, matches);
  if (found.length === 0) {
    throw new ImportError(`${label} not found under ${sourceDir}. ${downloadHint}`);
  }
  return found[0]!;
}

/** Every folder, in the source directory and two levels below it, whose files match (breadth first, sorted). */
export function findDatasetDirs(sourceDir: string, matches: (files: string[], dir: string) => boolean): string[] {
  const queue: Array<{ dir: string; depth: number }> = [{ dir: sourceDir, depth: 0 }];
  const found: string[] = [];
  while (queue.length > 0) {
    const { dir, depth } = queue.shift()!;
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    if (matches(entries, dir)) found.push(dir);
    if (depth < 2) {
      for (const entry of entries.sort()) {
        const full = path.join(dir, entry);
        try {
          if (statSync(full).isDirectory()) queue.push({ dir: full, depth: depth + 1 });
        } catch {
          // unreadable entries are not datasets
        }
      }
    }
  }
  return found;
}

export function requireFile(dir: string, name: string): string {
  const file = path.join(dir, name);
  if (!existsSync(file)) throw new ImportError(`missing ${name} in ${dir}`);
  return file;
}

export function findFile(dir: string, pattern: RegExp): string | null {
  const match = readdirSync(dir).sort().find((f) => pattern.test(f));
  return match ? path.join(dir, match) : null;
}

export const hasAll =
  (...names: string[]) =>
  (files: string[]): boolean =>
    names.every((n) => files.includes(n));

/** Like locateDataset, for datasets the catalogue can do without: null when absent. */
export function locateDatasetOptional(sourceDir: string, matches: (files: string[]) => boolean): string | null {
  try {
    return locateDataset(sourceDir, 'dataset', matches, '');
  } catch (err) {
    if (err instanceof ImportError) return null;
    throw err;
  }
}
