import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { readCsv, readCsvFast } from '../../src/importers/readers.js';

describe('readCsvFast', () => {
  it.each([
    ['usda-fdc-branded-sample', 'branded_food.csv'], // quoted ingredients with commas and doubled quotes
    ['usda-fdc-branded-sample', 'food_nutrient.csv'], // quoted nutrient names at the end of each row
    ['usda-fdc-sr-legacy-2018-04', 'food_portion.csv'], // every field quoted
  ])('reads %s/%s exactly as csv-parse does', async (folder, file) => {
    const full = path.join(inject('sourceDir'), folder, file);
    const expected: Array<Record<string, string>> = [];
    for await (const row of readCsv(full)) expected.push(row);
    let i = 0;
    for await (const { columns, cells } of readCsvFast(full)) {
      const record = Object.fromEntries([...columns].map(([name, index]) => [name, cells[index]]));
      expect(record).toEqual(expected[i]);
      i++;
    }
    expect(i).toBe(expected.length);
    expect(i).toBeGreaterThan(1000);
  });
});
