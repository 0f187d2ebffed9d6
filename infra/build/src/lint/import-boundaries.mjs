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

/** A type-only import or export: `import type {..}`, or every specifier marked `type`. */
const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** Calls `check(sourceNode, resolvedRepoPath, typeOnly)` for each relative import, export-from and import(). */
function relativeImports(context, check) {
  const from = dirname(context.filename);
  const visit = (source, types = false) => {
    if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
    check(source, toPosix(relative(ROOT, resolve(from, source.value))), types);
  };
  return {
    ImportDeclaration: (node) => visit(node.source, typeOnly(node)),
    ExportNamedDeclaration: (node) => visit(node.source, typeOnly(node)),
    ExportAllDeclaration: (node) => visit(node.source, node.exportKind === 'type'),
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

const API = 'infra/api/src';
const OWNER = /^infra\/api\/src\/modules\/([^/]+)(?:\/(.*))?$/;
const BUILDING_BLOCKS = ['common', 'http', 'plugins', 'db'].map((d) => `${API}/${d}`);
const stripTs = (p) => p.replace(/\.ts$/, '');

/**
 * `owners` (decision 065): the API's owners (`modules/<owner>/`) meet only through what each offers.
 * From another owner a file may import its contract (`contract.ts`) and its tables' types, as types;
 * the tables' values only in its own `links.ts` (the reads it declares) and `tables.ts` (foreign
 * keys). The building blocks (common, http, plugins, db) never import an owner, except its tables
 * (the schema is the lowest layer) and its contract's types. Tests set up rows as the system does
 * and may read the whole schema (`db/schema`); an owner's production code may not.
 */
const owners = {
  meta: {
    type: 'problem',
    docs: { description: "API owners meet through contracts and declared links; building blocks never import an owner." },
    messages: {
      crossOwner: "'{{own}}' may not import '{{target}}' of owner '{{other}}': take its contract's types (contract.ts), read its tables through your links.ts, or get its service as a port wired in app.ts (decision 065).",
      blockToOwner: "A building block may not import '{{target}}': only an owner's tables, or its contract's types (decision 065).",
      wholeSchema: "An owner's code imports its own tables (tables.ts) and others' through its links.ts, not the whole schema (decision 065).",
    },
    schema: [],
  },
  create(context) {
    const file = toPosix(relative(ROOT, context.filename));
    const isTest = /\.(test|test-support)\.ts$/.test(file);
    const own = OWNER.exec(file);
    const block = BUILDING_BLOCKS.some((d) => inside(file, d));
    if (!own && !block) return {};
    return relativeImports(context, (node, target, types) => {
      const to = OWNER.exec(stripTs(target));
      if (own && !isTest && stripTs(target) === `${API}/db/schema`) return context.report({ node, messageId: 'wholeSchema' });
      if (!to) return;
      const rest = to[2] ?? '';
      if (own) {
        if (to[1] === own[1]) return;
        const linksOrTables = own[2] === 'links.ts' || own[2] === 'tables.ts';
        if (rest === 'tables' && (types || linksOrTables)) return;
        if (rest === 'contract' && types) return;
        return context.report({ node, messageId: 'crossOwner', data: { own: own[1], other: to[1], target: stripTs(target).slice(API.length + 1) } });
      }
      if (rest === 'tables' || (rest === 'contract' && types)) return;
      context.report({ node, messageId: 'blockToOwner', data: { target: stripTs(target).slice(API.length + 1) } });
    });
  },
};

/** The plugin: `portal/features-isolated`, `portal/layers` and `portal/owners`. */
export const importBoundaries = { meta: { name: 'portal-import-boundaries' }, rules: { 'features-isolated': featuresIsolated, layers, owners } };
