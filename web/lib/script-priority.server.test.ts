import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './script-priority.server.ts';

/** Streams the chunks through the transform and returns what comes out. */
async function through(chunks: string[]): Promise<string> {
  const source = new PassThrough();
  const out = source.pipe(lowPriorityModulePreloads());
  for (const chunk of chunks) source.write(chunk);
  source.end();
  return text(out);
}

describe('low-priority module preloads (issue 32)', () => {
  const head =
    '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js" nonce="n"/>' +
    '<link rel="modulepreload" href="/r.js"/></head>';
  const body = '<body><p>text with <link rel="modulepreload" href="/x.js"/> as text</p></body></html>';

  it('marks every module preload of the head low priority and leaves the stylesheet and the body as they are', async () => {
    const html = await through([head + body]);
    expect(html).toBe(
      '<html><head><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/e.js" nonce="n"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/r.js"/></head>' +
        body,
    );
  });

  it('rewrites a tag split between two chunks, and passes a document without a head through unchanged', async () => {
    const split = head.indexOf('modulepre') + 3;
    expect(await through([head.slice(0, split), head.slice(split), body])).toBe(await through([head + body]));
    expect(await through(['<p>no head</p>'])).toBe('<p>no head</p>');
  });
});
