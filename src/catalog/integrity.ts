import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';

/** The catalogue's content hash is kept beside it: `<catalogue>.sha256` (JSON). */
export const INTEGRITY_SUFFIX = '.sha256';

export interface IntegrityRecord {
  catalog_version: string;
  sha256: string;
  bytes: number;
}

/**
 * What is known of the served file: `checking` while its hash is computed (in the background,
 * in 1 MB reads, never on a request's path), `verified` when it matches the hash written at
 * import, `corrupt` when it does not (then /readyz answers 503), `unverified` when there is no
 * hash for this catalogue version (a file imported before hashes were written), `unchecked`
 * when nobody asked.
 */
export interface IntegrityState {
  state: 'unchecked' | 'checking' | 'verified' | 'unverified' | 'corrupt';
  detail?: string;
}

/** SHA-256 of a file, read in 1 MB chunks. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Writes the hash of `dataFile` as the record of `targetFile` (atomically: temporary file, then rename). */
export async function writeIntegrity(dataFile: string, targetFile: string, catalogVersion: string): Promise<void> {
  const { sha256, bytes } = await hashFile(dataFile);
  const record: IntegrityRecord = { catalog_version: catalogVersion, sha256, bytes };
  const tmp = `${targetFile}${INTEGRITY_SUFFIX}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(record)}\n`);
  renameSync(tmp, `${targetFile}${INTEGRITY_SUFFIX}`);
}

function readRecord(file: string): IntegrityRecord | null {
  const recordFile = `${file}${INTEGRITY_SUFFIX}`;
  if (!existsSync(recordFile)) return null;
  try {
    const parsed = JSON.parse(readFileSync(recordFile, 'utf8')) as Partial<IntegrityRecord>;
    return typeof parsed.sha256 === 'string' && typeof parsed.bytes === 'number' && typeof parsed.catalog_version === 'string'
      ? (parsed as IntegrityRecord)
      : null;
  } catch {
    return null;
  }
}

/**
 * The file against the hash written at import. A record for another catalogue version (an
 * import interrupted between its two renames, or an older catalogue) proves nothing: unverified.
 */
export async function checkIntegrity(file: string, catalogVersion: string): Promise<IntegrityState> {
  const record = readRecord(file);
  if (record === null || record.catalog_version !== catalogVersion) {
    return { state: 'unverified', detail: `no content hash for catalogue ${catalogVersion}: run \`larder import\` to write one` };
  }
  const size = statSync(file).size;
  if (size !== record.bytes) return { state: 'corrupt', detail: `the file is ${size} bytes, ${record.bytes} at import: run \`larder import\` again` };
  const { sha256 } = await hashFile(file);
  return sha256 === record.sha256
    ? { state: 'verified' }
    : { state: 'corrupt', detail: 'the file does not match the content hash written at import (damaged on disk): run `larder import` again' };
}
