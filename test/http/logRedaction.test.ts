import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

/** Issue 19, finding 11: a key sent as ?api_key= was written to the access log in full. */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
});
afterAll(async () => t.close());

describe('access log', () => {
  it('redacts key-like query parameters and anything shaped like a key from logged URLs', async () => {
    const urls = [
      `/v1/ingredients/1001?api_key=${t.key}`,
      `/v1/ingredients/1001?x=1&apiKey=${t.key}&y=2`,
      `/v1/ingredients/1001?token=s3cret-token`,
      `/v1/ingredients/1001?note=${t.key}`,
      `/v1/ingredients/${t.key}`,
    ];
    for (const url of urls) await t.get(url);
    const logged = lines.filter((l) => l.includes('request completed')).map((l) => JSON.parse(l).url as string);
    expect(logged).toHaveLength(urls.length);
    expect(lines.join('\n')).not.toContain(t.key);
    expect(lines.join('\n')).not.toContain('s3cret-token');
    expect(logged).toEqual([
      '/v1/ingredients/1001?api_key=[redacted]',
      '/v1/ingredients/1001?x=1&apiKey=[redacted]&y=2',
      '/v1/ingredients/1001?token=[redacted]',
      '/v1/ingredients/1001?note=[redacted]',
      '/v1/ingredients/[redacted]',
    ]);
  });
});
