import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellChunkGroups } from './vite-shell-chunks.ts';

const web = '/app/web';
const zod = '/app/node_modules/zod/v4/index.js';

/** A module graph: id → [static imports], plus which ids are entries (route modules). */
function context(graph: Record<string, string[]>, entries: string[]) {
  return {
    getModuleInfo: (id: string) =>
      id in graph || id === zod ? { isEntry: entries.includes(id), importedIds: graph[id] ?? [] } : null,
  };
}

describe('shell chunk groups (issue 32)', () => {
  const root = path.join(web, 'root.tsx');
  const entry = path.join(web, 'entry.client.tsx');
  const layout = path.join(web, 'layouts/default.layout.tsx');
  const lander = path.join(web, 'layouts/lander.layout.tsx');
  const graph = {
    [entry]: ['/app/node_modules/react-dom/client.js'],
    '/app/node_modules/react-dom/client.js': ['/app/node_modules/react/index.js'],
    '/app/node_modules/react/index.js': [],
    [root]: [
      '/app/web/lib/i18n.ts',
      '/app/common/wire/user.ts',
      '/app/web/pages/home.page.tsx',
      '/app/web/lib/cycle-a.ts',
    ],
    // An import cycle: b reaches zod only through a, and a's search meets b first.
    '/app/web/lib/cycle-a.ts': ['/app/web/lib/cycle-b.ts', '/app/common/endpoint.ts'],
    '/app/web/lib/cycle-b.ts': ['/app/web/lib/cycle-a.ts'],
    '/app/web/lib/i18n.ts': [],
    '/app/common/wire/user.ts': ['/app/common/endpoint.ts'],
    '/app/common/endpoint.ts': [zod],
    '/app/web/pages/home.page.tsx': ['/app/web/pages/home-only.ts'],
    '/app/web/pages/home-only.ts': [],
    [layout]: ['/app/web/shell/top-nav.tsx', '/app/web/shell/footer.tsx', '/app/web/lib/i18n.ts'],
    '/app/web/shell/top-nav.tsx': [],
    '/app/web/shell/footer.tsx': [],
    [lander]: ['/app/web/shell/footer.tsx'],
  };
  const ctx = context(graph, [entry, root, layout, lander, '/app/web/pages/home.page.tsx']);
  const [shell, site] = shellChunkGroups(web);
  const groupOf = (id: string) => shell.name(id, ctx) ?? site.name(id, ctx);

  it('puts what the root route and the client entry import statically in the shell', () => {
    expect(groupOf('/app/node_modules/react-dom/client.js')).toBe('shell');
    expect(groupOf('/app/node_modules/react/index.js')).toBe('shell');
    expect(groupOf('/app/web/lib/i18n.ts')).toBe('shell');
  });

  it('leaves route modules, what only they import, and modules that reach zod to automatic chunks', () => {
    for (const id of [root, entry, '/app/web/pages/home.page.tsx', '/app/web/pages/home-only.ts', zod]) {
      expect(groupOf(id)).toBeNull();
    }
    expect(groupOf('/app/common/wire/user.ts')).toBeNull();
    expect(groupOf('/app/common/endpoint.ts')).toBeNull();
    expect(groupOf('/app/web/lib/cycle-a.ts')).toBeNull();
    expect(groupOf('/app/web/lib/cycle-b.ts')).toBeNull();
  });

  it('puts what only the default layout adds in the site chunk, not what another layout shares', () => {
    expect(groupOf('/app/web/shell/top-nav.tsx')).toBe('site');
    expect(groupOf('/app/web/shell/footer.tsx')).toBeNull();
  });
});
