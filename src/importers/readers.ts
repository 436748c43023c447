import { createReadStream, statSync } from 'node:fs';
import { parse, type Options } from 'csv-parse';
import { createInterface } from 'node:readline';
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

/**
 * A header-row CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes) read
 * line by line. csv-parse reads about 150,000 rows/s here; this reads about a million, which is
 * what keeps a 26-million-row food_nutrient.csv inside the import budget. Rows are arrays;
 * `columns` maps a header name to its index.
 */
export async function* readCsvFast(
  file: string,
  progress?: ProgressTask,
): AsyncGenerator<{ columns: Map<string, number>; cells: string[] }> {
  const input = createReadStream(file);
  if (progress) input.on('data', (chunk) => progress.advance((chunk as Buffer).length));
  const lines = createInterface({ input, crlfDelay: Infinity });
  let columns: Map<string, number> | null = null;
  let pending: string | null = null;
  for await (const raw of lines) {
    const line: string = pending === null ? raw : `${pending}\n${raw}`;
    let cells: string[] | null;
    if (line.indexOf('"') === -1) cells = line.split(',');
    else {
      cells = splitQuoted(line);
      if (cells === null) {
        pending = line; // a quoted field goes on to the next line
        continue;
      }
    }
    pending = null;
    if (columns === null) {
      if (cells[0]?.charCodeAt(0) === 0xfeff) cells[0] = cells[0].slice(1);
      columns = new Map(cells.map((name, i) => [name, i]));
      continue;
    }
    if (cells.length === 1 && cells[0] === '') continue;
    yield { columns, cells };
  }
  if (pending !== null) throw new Error(`${file}: unterminated quoted field at the end of the file`);
}

/** One CSV record's cells, or null when a quoted field is still open at the end of the text. */
function splitQuoted(line: string): string[] | null {
  const cells: string[] = [];
  let i = 0;
  const n = line.length;
  for (;;) {
    if (line.charCodeAt(i) === 34) {
      let value = '';
      let j = i + 1;
      for (;;) {
        const q = line.indexOf('"', j);
        if (q === -1) return null;
        value += line.slice(j, q);
        if (line.charCodeAt(q + 1) === 34) {
          value += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // anything between the closing quote and the comma is kept, as csv-parse's relaxed mode would
      const comma = line.indexOf(',', i);
      if (comma === -1) {
        cells.push(value + line.slice(i));
        return cells;
      }
      cells.push(value + line.slice(i, comma));
      i = comma + 1;
    } else {
      const comma = line.indexOf(',', i);
      if (comma === -1) {
        cells.push(line.slice(i));
        return cells;
      }
      cells.push(line.slice(i, comma));
      i = comma + 1;
    }
    if (i > n) return cells;
  }
}
