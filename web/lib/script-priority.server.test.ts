import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferHydration, scriptsAfterFirstPaint } from './script-priority.server.ts';

/** Streams the chunks through the transform and returns what comes out. */
async function through(chunks: string[]): Promise<string> {
  const source = new PassThrough();
  const out = source.pipe(scriptsAfterFirstPaint());
  for (const chunk of chunks) source.write(chunk);
  source.end();
  return text(out);
}

describe('hydration scripts after the first paint (issue 32)', () => {
  const head =
    '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js" nonce="n"/>' +
    '<link rel="modulepreload" fetchpriority="low" href="/r.js"/></head>';
  const script = '<script nonce="n" type="module" async="">import("/e.js");</script>';
  const body = `<body><p>text with <link rel="modulepreload" href="/x.js"/> as text</p>${script}</body></html>`;

  it('moves the head’s module preloads into the starter and leaves the module script in the page inert', async () => {
    const html = await through([head + body]);
    expect(html.startsWith('<html><head><link rel="stylesheet" href="/a.css"/></head><body><p>text with')).toBe(true);
    expect(html).toContain('<link rel="modulepreload" href="/x.js"/> as text');
    expect(html).toContain('<script nonce="n" type="text/x-amora-module" id="amora-hydrate">import("/e.js");</script>');
    expect(html).not.toContain('type="module"');
    expect(html).toMatch(
      /<script nonce="n" data-modules="\/e\.js \/r\.js">\(\(\)=>\{.*\}\)\(\)<\/script><\/body><\/html>$/,
    );
  });

  it('rewrites a document that arrives in pieces the same way, and passes other documents through unchanged', async () => {
    const whole = head + body;
    const pieces = [whole.slice(0, 40), whole.slice(40, 150), whole.slice(150)];
    expect(await through(pieces)).toBe(deferHydration(whole));
    expect(await through(['<p>no head</p>'])).toBe('<p>no head</p>');
    expect(deferHydration(head + '<body><p>error page</p></body></html>')).toBe(
      head + '<body><p>error page</p></body></html>',
    );
  });
});
