/**
 * Lint rule `graph/no-import-loop` (an oxlint JS plugin, .oxlintrc.json): no file imports a file that leads back to it, so imports point
 * one way (docs/style.md "Which way imports go"). Type-only imports count too: a loop of types is a
 * loop in the design all the same (docs/decisions/0051-import-loop-rule.md).
 *
 * The import graph is read once per lint process with TypeScript's own pre-processor and module
 * resolver (no parse, no type check: well under a second), and its loops found with Tarjan's
 * strongly connected components. Each file then reports its imports that lead back to it.
 *
 * Option `allow`: exact imports [from file, to file] (repository paths) that may close a loop until a
 * later change removes them. An allowed import that is gone, or no longer leads back, is reported,
 * so the list only shrinks.
 */
import path from 'node:path';
import ts from 'typescript';

/** One graph per working directory and allow list: the linter calls the rule once per file. */
const graphs = new Map();

function createGraph(root, allow) {
  const configFile = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  const options = configFile
    ? ts.parseJsonConfigFileContent(ts.readConfigFile(configFile, ts.sys.readFile).config, ts.sys, root).options
    : {};
  const resolutionCache = ts.createModuleResolutionCache(root, (name) => name, options);
  const allowed = new Set(allow.map(([from, to]) => `${path.resolve(root, from)}\0${path.resolve(root, to)}`));
  const isAllowed = (from, to) => allowed.has(`${from}\0${to}`);

  /** A file's imports of other files of this repository: specifier -> absolute path. */
  const importsOf = new Map();
  function imports(file) {
    let found = importsOf.get(file);
    if (found) return found;
    found = new Map();
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    for (const { fileName } of importedFiles) {
      const { resolvedModule } = ts.resolveModuleName(fileName, file, options, ts.sys, resolutionCache);
      if (!resolvedModule || resolvedModule.isExternalLibraryImport) continue;
      if (resolvedModule.resolvedFileName.endsWith('.d.ts')) continue;
      found.set(fileName, path.resolve(resolvedModule.resolvedFileName));
    }
    importsOf.set(file, found);
    return found;
  }
  const next = (file) => [...imports(file).values()].filter((to) => to !== file && !isAllowed(file, to));

  // Tarjan's algorithm, grown file by file as the linter asks: a finished file's loop is final.
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const loopOf = new Map();
  function visit(file) {
    order.set(file, order.size);
    low.set(file, order.get(file));
    stack.push(file);
    onStack.add(file);
    for (const to of next(file)) {
      if (!order.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file), order.get(to)));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const members = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.add(member);
    } while (member !== file);
    for (const each of members) loopOf.set(each, members);
  }

  /** The shortest way from `from` to `to` through `step`, as files; undefined if none. */
  function route(from, to, step) {
    const cameFrom = new Map([[from, null]]);
    const queue = [from];
    while (queue.length > 0) {
      const file = queue.shift();
      if (file === to) {
        const way = [];
        for (let at = to; at !== null; at = cameFrom.get(at)) way.unshift(at);
        return way;
      }
      for (const after of step(file)) {
        if (cameFrom.has(after)) continue;
        cameFrom.set(after, file);
        queue.push(after);
      }
    }
    return undefined;
  }

  return {
    imports,
    isAllowed,
    /** The files of `file`'s loop (itself included), without the allowed imports. */
    loop(file) {
      if (!order.has(file)) visit(file);
      return loopOf.get(file);
    },
    /** The way back from `to` to `from`, staying inside their loop. */
    wayBack(from, to, members) {
      return route(to, from, (file) => next(file).filter((after) => members.has(after)));
    },
    /** The allowed imports of `file`, each with whether it is still there and still leads back. */
    allowedFrom(file) {
      return allow
        .filter(([from]) => path.resolve(root, from) === file)
        .map(([, to]) => {
          const target = path.resolve(root, to);
          const present = [...imports(file).values()].includes(target);
          const back = present && route(target, file, (at) => [...imports(at).values()]) !== undefined;
          return { to, current: present && back };
        });
    },
  };
}

export default {
  meta: { name: 'graph' },
  rules: {
    'no-import-loop': {
      meta: {
        type: 'problem',
        schema: [
          {
            type: 'object',
            properties: {
              allow: {
                type: 'array',
                items: { type: 'array', items: [{ type: 'string' }, { type: 'string' }], minItems: 2, maxItems: 2 },
              },
            },
            additionalProperties: false,
          },
        ],
        messages: {
          loop: 'Import loop: this import leads back here ({{way}}). Move what both sides need to a file that imports neither (docs/style.md "Which way imports go").',
          stale:
            'The allowed import loop {{from}} -> {{to}} is gone: remove it from the allow list of graph/no-import-loop in .oxlintrc.json.',
        },
      },
      create(context) {
        const root = context.cwd;
        const allow = context.options[0]?.allow ?? [];
        const key = `${root}\0${JSON.stringify(allow)}`;
        if (!graphs.has(key)) graphs.set(key, createGraph(root, allow));
        const graph = graphs.get(key);
        const file = path.resolve(context.physicalFilename);
        const members = graph.loop(file);
        const shown = (at) => path.relative(root, at);

        const check = (node) => {
          if (!members || members.size < 2) return;
          const source = node.source;
          if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
          const target = graph.imports(file).get(source.value);
          if (!target || target === file || !members.has(target) || graph.isAllowed(file, target)) return;
          const way = graph.wayBack(file, target, members) ?? [target, file];
          context.report({ node: source, messageId: 'loop', data: { way: [file, ...way].map(shown).join(' -> ') } });
        };
        return {
          Program(node) {
            for (const { to, current } of graph.allowedFrom(file)) {
              if (!current) context.report({ node, messageId: 'stale', data: { from: shown(file), to } });
            }
          },
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
