import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

/** Every source file under server/modules (tests left out: they set up data through any module they need). */
function moduleSources(dir = MODULES_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The module (first folder under server/modules) a file belongs to, or undefined outside the modules. */
function moduleOf(file: string): string | undefined {
  const rel = path.relative(MODULES_DIR, file);
  return rel.startsWith('..') || !rel.includes(path.sep) ? undefined : rel.split(path.sep)[0];
}

/**
 * Module → module edges, each with the first import that makes it. `import type` counts too: a type-only cycle
 * does nothing at runtime but still ties two modules together, so neither can change alone.
 */
function moduleEdges(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of moduleSources()) {
    const from = moduleOf(file)!;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      // Relative imports, and the package's `#server/…` alias (package.json "imports") for imports across folders.
      const target = fileName.startsWith('#server/')
        ? path.join(MODULES_DIR, '..', fileName.slice('#server/'.length))
        : fileName.startsWith('.')
          ? path.resolve(path.dirname(file), fileName)
          : undefined;
      if (!target) continue;
      const to = moduleOf(target);
      if (!to || to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${path.relative(MODULES_DIR, file)} imports ${fileName}`);
      edges.set(from, out);
    }
  }
  return edges;
}

/** One cycle through each group of modules that reach each other, as `a → b → a` with the import behind each step. */
function findCycles(edges: Map<string, Map<string, string>>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const modules = [...edges.keys()].sort();
  for (const start of modules) {
    if (done.has(start)) continue;
    // Breadth-first from start back to start: the shortest cycle through it, if any.
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | undefined;
    while (queue.length && !closing) {
      const at = queue.shift()!;
      for (const next of [...(edges.get(at)?.keys() ?? [])].sort()) {
        if (next === start) {
          closing = at;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, at);
          queue.push(next);
        }
      }
    }
    if (!closing) continue;
    const path_ = [closing];
    while (path_[0] !== start) path_.unshift(previous.get(path_[0])!);
    path_.push(start);
    path_.forEach((m) => done.add(m));
    const steps = path_.slice(1).map((to, i) => `  ${edges.get(path_[i])!.get(to)}`);
    cycles.push([path_.join(' → '), ...steps].join('\n'));
  }
  return cycles;
}

describe('module graph', () => {
  it('has no import cycle between the modules of server/modules (type imports included)', () => {
    // A cycle is broken by moving the shared piece down into the lower module, or by passing a function in.
    expect(findCycles(moduleEdges())).toEqual([]);
  });

  it('sees the imports between modules (the check above is not vacuous)', () => {
    const edges = moduleEdges();
    expect(edges.get('likes')?.has('profiles')).toBe(true);
    // A made-up edge back from profiles to likes closes a cycle, and the cycle reported goes through it.
    const withMadeUp = new Map([
      ...edges,
      ['profiles', new Map([...(edges.get('profiles') ?? []), ['likes', 'a made-up import']])],
    ]);
    expect(findCycles(withMadeUp).join('\n')).toContain('a made-up import');
  });
});
