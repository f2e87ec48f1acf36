import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The properties of an endpoint that hold zod schemas; the browser only needs to know whether each is there. */
const SCHEMA_PROPS = new Set(['body', 'query', 'response']);

type TNode = { type: string; start: number; end: number; [key: string]: unknown };

/** Every node of an ESTree tree, depth first. */
function* walk(node: unknown): Generator<TNode> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  const n = node as TNode;
  if (typeof n.type === 'string') yield n;
  for (const [key, value] of Object.entries(n))
    if (key !== 'type' && value && typeof value === 'object') yield* walk(value);
}

/**
 * Endpoint definitions without their schemas in the browser build (issue 32). The web client needs an endpoint's
 * method, path and fixed query, and whether it takes a body or a query or answers 204 or a file
 * (common/endpoint.ts `takesQuery`, `endpointUrl`); the server validates and serializes with the schemas. Every
 * schema-valued `body`, `query` and `response` of a `defineEndpoint({...})` call in common/wire becomes `{}` in the
 * client build (string and null values, which the client reads, stay), so zod and the schemas leave every page that
 * only calls the API; forms that validate in the browser still import their schema and get zod with it.
 */
export function clientEndpoints(): Plugin {
  return {
    name: 'amora-client-endpoints',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform(code, id) {
      if (!/\/common\/.*\.ts$/.test(id)) return null;
      if (!/from ['"]zod['"]/.test(code) && !code.includes('defineEndpoint(')) return null;
      const s = new MagicString(code);
      const program = this.parse(code) as unknown as { body: TNode[] };
      // Every top-level `const` of a module that builds schemas is evaluated in a pure-annotated function, so the
      // bundler drops the ones no browser code uses (a bare `z.object(…)` call counts as a side effect otherwise).
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as TNode) : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations as TNode[]) {
          const init = declarator.init as TNode | null;
          if (!init || init.type === 'Literal' || init.type.endsWith('FunctionExpression')) continue;
          s.appendLeft(init.start, '/* @__PURE__ */ (() => (');
          s.prependRight(init.end, '))()');
        }
      }
      for (const node of walk(program)) {
        const callee = node.callee as TNode | undefined;
        if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'defineEndpoint')
          continue;
        const [arg] = node.arguments as TNode[];
        if (arg?.type !== 'ObjectExpression') continue;
        for (const prop of arg.properties as TNode[]) {
          const key = prop.key as TNode | undefined;
          const value = prop.value as TNode | undefined;
          if (prop.type !== 'Property' || key?.type !== 'Identifier' || !SCHEMA_PROPS.has(key.name as string)) continue;
          if (!value || value.type === 'Literal') continue;
          // `{ body }` (shorthand) becomes `{ body: {} }`.
          if (prop.shorthand) s.overwrite(prop.start, prop.end, `${key.name as string}: {}`);
          else s.overwrite(value.start, value.end, '{}');
        }
      }
      // Definitions only: a module of common/ that no browser code takes anything from is left out entirely.
      return { code: s.toString(), map: s.generateMap({ hires: true }), moduleSideEffects: false };
    },
  };
}
