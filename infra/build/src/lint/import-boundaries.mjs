// Two ESLint rules for the direction of imports inside a package, where `no-restricted-imports`
// cannot say it (its patterns are per block, and one block's setting replaces another's):
// - `features-isolated`: a feature of a remote (`mfe-*/src/features/<a>/`) never imports another
//   feature (`features/<b>/`); pages compose features (house style, rule of thumb 1).
// - `layers`: folders in layers, top to bottom; a file never imports a layer above its own, and in a
//   layer marked `peersIsolated` never a sibling folder either (the shell: app -> layouts | pages ->
//   federation, platform, ...).
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../../..');
const toPosix = (p) => p.split(sep).join('/');

/** Calls `check(sourceNode, resolvedRepoPath)` for each relative import, export-from and import(). */
function relativeImports(context, check) {
  const from = dirname(context.filename);
  const visit = (source) => {
    if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
    check(source, toPosix(relative(ROOT, resolve(from, source.value))));
  };
  return {
    ImportDeclaration: (node) => visit(node.source),
    ExportNamedDeclaration: (node) => visit(node.source),
    ExportAllDeclaration: (node) => visit(node.source),
    ImportExpression: (node) => visit(node.source),
  };
}

const FEATURE = /^(mfe-[^/]+)\/src\/features\/([^/]+)(\/|$)/;

const featuresIsolated = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature of a remote never imports another feature; pages compose them.' },
    messages: {
      crossFeature:
        "Feature '{{own}}' imports feature '{{other}}'. Features never import each other: compose them in a page, or move what both need to src/components, src/lib or @portal/shared.",
    },
    schema: [],
  },
  create(context) {
    const own = FEATURE.exec(toPosix(relative(ROOT, context.filename)));
    if (!own) return {};
    return relativeImports(context, (node, target) => {
      const other = FEATURE.exec(target);
      if (other && other[1] === own[1] && other[2] !== own[2]) {
        context.report({ node, messageId: 'crossFeature', data: { own: own[2], other: other[2] } });
      }
    });
  },
};

const inside = (path, dir) => path === dir || path.startsWith(`${dir}/`);

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports flow one way between the layers of a package.' },
    messages: {
      upward: "'{{from}}' may not import '{{to}}': imports flow {{order}}, never back.",
      peer: "'{{from}}' may not import its peer '{{to}}': both are composed by the layer above.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: { dirs: { type: 'array', items: { type: 'string' } }, peersIsolated: { type: 'boolean' } },
              required: ['dirs'],
              additionalProperties: false,
            },
          },
        },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { layers: list } = context.options[0];
    const locate = (path) => {
      for (const [index, layer] of list.entries()) {
        const dir = layer.dirs.find((d) => inside(path, d));
        if (dir) return { index, dir, layer };
      }
      return null;
    };
    const own = locate(toPosix(relative(ROOT, context.filename)));
    if (!own) return {};
    const order = list.map((l) => l.dirs.map((d) => d.split('/').at(-1)).join(' | ')).join(' -> ');
    return relativeImports(context, (node, target) => {
      const to = locate(target);
      if (!to) return;
      if (to.index < own.index) context.report({ node, messageId: 'upward', data: { from: own.dir, to: to.dir, order } });
      else if (to.index === own.index && to.dir !== own.dir && own.layer.peersIsolated) {
        context.report({ node, messageId: 'peer', data: { from: own.dir, to: to.dir } });
      }
    });
  },
};

/** The plugin: `portal/features-isolated` and `portal/layers`. */
export const importBoundaries = { meta: { name: 'portal-import-boundaries' }, rules: { 'features-isolated': featuresIsolated, layers } };
