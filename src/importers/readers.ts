import { createReadStream, statSync } from 'node:fs';
import { parse, type Options } from 'csv-parse';
import type { ProgressTask } from './progress.js';

/** Streams a file through csv-parse, reporting consumed bytes to the progress task. */
async function* parseStream<T>(
  file: string,
  options: Options,
  encoding: BufferEncoding,
  progress?: ProgressTask,
): AsyncGenerator<T> {
  const input = createReadStream(file, { encoding });
  if (progress) input.on('data', (chunk) => progress.advance(Buffer.byteLength(chunk as string, encoding)));
  const parser = input.pipe(parse(options));
  input.on('error', (err) => parser.destroy(err));
  for await (const record of parser) yield record as T;
}

/** An FDC-style CSV with a header row: yields one object per row keyed by column name. */
export function readCsv(
  file: string,
  progress?: ProgressTask,
  options: Options = {},
): AsyncGenerator<Record<string, string>> {
  return parseStream(file, { columns: true, bom: true, skip_empty_lines: true, ...options }, 'utf8', progress);
}

/** A CSV read as arrays of cells (for files with title rows above the header). */
export function readCsvRows(file: string, progress?: ProgressTask, options: Options = {}): AsyncGenerator<string[]> {
  return parseStream(file, { bom: true, skip_empty_lines: true, relax_column_count: true, ...options }, 'utf8', progress);
}

/**
 * The SR28 ASCII format: fields separated by '^', text fields wrapped in '~', latin-1,
 * CRLF line ends, no header row.
 */
export function readSr28(file: string, progress?: ProgressTask): AsyncGenerator<string[]> {
  return parseStream(
    file,
    { delimiter: '^', quote: '~', escape: null as unknown as string, relax_column_count: true, skip_empty_lines: true },
    'latin1',
    progress,
  );
}

export function fileSize(file: string): number {
  return statSync(file).size;
}

/** A number from a source cell, or null when the cell is empty or not a finite number. */
export function numberOrNull(cell: string | undefined): number | null {
  if (cell === undefined) return null;
  const trimmed = cell.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function intOrNull(cell: string | undefined): number | null {
  const value = numberOrNull(cell);
  return value !== null && Number.isInteger(value) ? value : null;
}
