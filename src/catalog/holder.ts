import { statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { Catalog } from './catalog.js';
import { checkIntegrity } from './integrity.js';

interface FileIdentity {
  ino: number;
  mtimeMs: number;
  size: number;
}

function identify(file: string): FileIdentity | null {
  try {
    const s = statSync(file);
    return { ino: s.ino, mtimeMs: s.mtimeMs, size: s.size };
  } catch {
    return null;
  }
}

const same = (a: FileIdentity | null, b: FileIdentity | null) =>
  a !== null && b !== null && a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.size === b.size;

export interface ReloadLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The catalogue being served, swappable while serving. `larder import` renames a complete
 * new file over the old one; the holder notices, opens the new file, and only then swaps,
 * so every request is answered by one whole catalogue. The old one is closed after a grace
 * period, once requests that started on it are done. A file that cannot be opened leaves
 * the current catalogue serving.
 */
export class CatalogHolder {
  private catalog: Catalog;
  private identity: FileIdentity | null;
  private watcher: FSWatcher | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private readonly retiring = new Map<NodeJS.Timeout, Catalog>();

  constructor(
    private readonly file: string,
    private readonly log: ReloadLog,
    private readonly graceMs = 5000,
  ) {
    this.identity = identify(file);
    this.catalog = Catalog.open(file);
    this.verifying = this.verify(this.catalog);
  }

  /** The background integrity check of the catalogue opened last (tests await it). */
  verifying: Promise<void>;

  /** Hashes the file in the background and records the outcome on the catalogue. */
  private async verify(catalog: Catalog): Promise<void> {
    catalog.integrity = { state: 'checking' };
    try {
      catalog.integrity = await checkIntegrity(this.file, catalog.version);
    } catch (err) {
      catalog.integrity = { state: 'unverified', detail: `the file could not be read to check it: ${(err as Error).message}` };
    }
    if (catalog.integrity.state === 'corrupt') this.log.error({ file: this.file, detail: catalog.integrity.detail }, 'catalogue integrity check failed');
  }

  get current(): Catalog {
    return this.catalog;
  }

  /** Reopens the file if it was replaced; true when a new catalogue now serves. */
  reloadIfChanged(): boolean {
    const now = identify(this.file);
    if (now === null || same(now, this.identity)) return false;
    let next: Catalog;
    try {
      next = Catalog.open(this.file);
    } catch (err) {
      this.log.error({ err, file: this.file }, 'new catalogue cannot be opened; the current one keeps serving');
      return false;
    }
    const previous = this.catalog;
    this.catalog = next;
    this.identity = now;
    this.verifying = this.verify(next);
    const timer = setTimeout(() => {
      previous.close();
      this.retiring.delete(timer);
    }, this.graceMs);
    timer.unref();
    this.retiring.set(timer, previous);
    this.log.info({ from: previous.version, to: next.version }, 'catalogue reloaded');
    return true;
  }

  /** Reloads whenever the catalogue file is replaced in its folder. */
  watch(): void {
    if (this.watcher) return;
    const name = path.basename(this.file);
    this.watcher = watch(path.dirname(this.file), (_event, changed) => {
      if (changed !== name) return;
      if (this.debounce) clearTimeout(this.debounce);
      this.debounce = setTimeout(() => this.reloadIfChanged(), 100);
    });
    this.watcher.unref();
  }

  close(): void {
    this.watcher?.close();
    if (this.debounce) clearTimeout(this.debounce);
    for (const [timer, retired] of this.retiring) {
      clearTimeout(timer);
      retired.close();
    }
    this.retiring.clear();
    this.catalog.close();
  }
}
