import { describe, expect, it } from 'vitest';
import { buildSearchQuery, MAX_QUERY_TERMS } from '../../src/domain/search.js';

describe('search query', () => {
  it('quotes every term and makes the last a prefix', () => {
    expect(buildSearchQuery('Butter, salted')).toEqual({ match: '"butter" AND "salted"*', normalized: 'butter salted', terms: ['butter', 'salted'] });
  });

  it('drops FTS syntax and accents, and caps the terms', () => {
    expect(buildSearchQuery('"crème" NEAR(brûlée)*').match).toBe('"creme" AND "near" AND "brulee"*');
    expect(buildSearchQuery('*()"-:').match).toBeNull();
    expect(buildSearchQuery('a '.repeat(50)).terms).toHaveLength(MAX_QUERY_TERMS);
  });
});
