import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '#locales/en.json' with { type: 'json' };
import { clientCatalogue, SERVER_ONLY_KEYS } from './vite-client-catalogues.ts';

/** Every source file of the web app that runs in the browser (server-only modules and tests left out). */
function browserSources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(server|test)\.tsx?$/.test(f) && !f.includes('+types'))
    .map((f) => path.join(dir, f));
}

describe("the browser's catalogue (issue 32)", () => {
  it('leaves out the server-only entries and keeps everything else', () => {
    const client = clientCatalogue(en);
    expect(client).not.toHaveProperty('email');
    expect(client).not.toHaveProperty('notifications.email');
    expect(client).not.toHaveProperty('notifications.push');
    expect(client).toHaveProperty('notifications.push_state');
    expect(client).toHaveProperty('signup');
    expect(en).toHaveProperty('email'); // the input is untouched
    expect(JSON.stringify(client).length).toBeLessThan(JSON.stringify(en).length * 0.85);
  });

  it('is enough for the web app: no browser code names a server-only entry', () => {
    const offenders = browserSources('web').filter((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return SERVER_ONLY_KEYS.some((key) => {
        const k = key.replace('.', '\\.');
        // One of its texts (`'email.subject'`, `` `email.${kind}` ``) or the whole entry (`t('notifications.push')`).
        return new RegExp(`['"\`]${k}\\.|\\bt\\(['"\`]${k}['"\`]`).test(source);
      });
    });
    expect(offenders).toEqual([]);
  });
});
