import path from 'node:path';

type TModuleInfo = { isEntry: boolean; importedIds: readonly string[] };
type TContext = { getModuleInfo(id: string): TModuleInfo | null };
type TGroup = { name: (id: string, ctx: TContext) => string | null; debugName: string; priority: number };

/** zod: the shared wire schemas import it, but the client build drops their definitions (pure `z` calls). */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * Every module the given roots import statically, directly or through others, not counting entries (route modules),
 * and not counting modules that reach zod: rolldown moves a captured module's dependencies into its chunk too
 * (`includeDependenciesRecursively`), by import and not by use, so capturing the wire schemas would ship all of zod
 * with every page, which today loads it only when a form validates. Those modules stay in automatic chunks.
 */
function staticClosure(ctx: TContext, roots: string[]): Set<string> {
  // A full search per module, through import cycles; only a "yes" is remembered for the searches after it.
  const reachZod = new Set<string>();
  const zodBelow = (start: string): boolean => {
    const visited = new Set([start]);
    const pending = [start];
    while (pending.length) {
      const id = pending.pop()!;
      if (ZOD.test(id) || reachZod.has(id)) {
        reachZod.add(start);
        return true;
      }
      for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) {
        if (visited.has(dep)) continue;
        visited.add(dep);
        pending.push(dep);
      }
    }
    return false;
  };
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const info = ctx.getModuleInfo(stack.pop()!);
    for (const id of info?.importedIds ?? []) {
      if (seen.has(id) || ctx.getModuleInfo(id)?.isEntry) continue;
      seen.add(id);
      stack.push(id);
    }
  }
  return new Set([...seen].filter((id) => !zodBelow(id)));
}

/**
 * Chunk groups for the client build (issue 32): what every page runs before it is interactive, in two files instead
 * of ~40 small shared chunks.
 * - `shell`: everything the root route and the client entry import statically (React, React Router, i18next, the
 *   app's stores and shell components);
 * - `site`: what the default layout adds (navigation, footer, dialogs it opens eagerly), when no other layout uses it,
 *   so landers, the chat layout and the console do not load it.
 * Route modules stay their own files, and lazily imported code (dialogs, validation, the console) stays in its own
 * chunks: only static imports are followed. Why: a phone on a slow link pays a round trip per file; ~55 files over a
 * few connections delayed hydration by seconds (`npm run bench:lighthouse -- --devtools`).
 */
export function shellChunkGroups(webDir: string): TGroup[] {
  const file = (f: string) => path.join(webDir, f);
  let shell: Set<string> | undefined;
  let site: Set<string> | undefined;
  const sets = (ctx: TContext) => {
    if (shell && site) return { shell, site };
    shell = staticClosure(ctx, [file('root.tsx'), file('entry.client.tsx')]);
    const others = staticClosure(ctx, [
      file('layouts/lander.layout.tsx'),
      file('layouts/chat.layout.tsx'),
      file('layouts/empty.layout.tsx'),
      file('admin/admin.layout.tsx'),
      file('admin/admin-public.layout.tsx'),
    ]);
    const shellSet = shell;
    site = new Set(
      [...staticClosure(ctx, [file('layouts/default.layout.tsx')])].filter(
        (id) => !shellSet.has(id) && !others.has(id),
      ),
    );
    return { shell, site };
  };
  return [
    { name: (id, ctx) => (sets(ctx).shell.has(id) ? 'shell' : null), debugName: 'shell', priority: 2 },
    { name: (id, ctx) => (sets(ctx).site.has(id) ? 'site' : null), debugName: 'site', priority: 1 },
  ];
}
