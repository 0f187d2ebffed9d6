// Finds the message ids a TypeScript/TSX file uses, from the patterns our pages are written with.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** JSX components whose `id` attribute is a message id (a DOM element's `id` is not). */
const MESSAGE_COMPONENTS = new Set(['FormattedMessage']);
/** Calls whose first argument's `id` is a message id. */
const MESSAGE_CALLS = new Set(['formatMessage', 'defineMessage', '$t']);
/** Props and object keys that always hold a message id (`<PageIntro titleId>`, `handle: { titleKey }`). */
const MESSAGE_ID_KEYS = new Set(['titleId', 'introId', 'labelId', 'descriptionId', 'messageId', 'titleKey', 'descriptionKey']);
/** An object with one of these keys is a route, whose `id` names the route, not a message. */
const ROUTE_KEYS = new Set(['path', 'index', 'Component', 'element', 'lazy', 'children', 'loader']);
/** Message ids are namespaced (`nav.signIn`): a bare `id: 'x'` in a table counts only when it looks like one. */
const LOOKS_LIKE_MESSAGE_ID = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

/**
 * @typedef {object} IdUse
 * @property {string} id
 * @property {string} file
 * @property {number} line 1-based
 */

/** Every `src/**\/*.{ts,tsx}` file below a folder, tests included (they render pages too). */
export function sourceFiles(srcDir) {
  const out = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.push(path);
      }
    }
  };
  walk(srcDir);
  return out.sort();
}

/**
 * The message ids a source text uses through:
 * - `<FormattedMessage id="…">`, `intl.formatMessage({ id: '…' })`, `defineMessage({ id: '…' })`;
 * - `<PageIntro titleId="…" introId="…">` and other `…Id`/`…Key` props in MESSAGE_ID_KEYS, in JSX or
 *   object literals (`handle: { titleKey: '…' }`);
 * - `{ to: '/x', id: 'nav.x' }` tables (not route objects; only namespaced ids);
 * - `id={item.prop}` inside `TABLE.map((item) => …)`, resolved to the `prop` values of the
 *   literal array `TABLE` declared in the same file (`{ title: 'nav.x', body: 'dashboard.x' }`).
 * Ids built at run time (template strings, props) cannot be known and are not reported.
 * @param {string} text
 * @param {string} [file]
 * @returns {IdUse[]}
 */
export function scanSource(text, file = 'source.tsx') {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const uses = [];
  const arrays = literalArrays(source);

  const add = (node, id) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    uses.push({ id, file, line: line + 1 });
  };
  // A message-id expression: literals (and both sides of a ternary) directly, `item.prop` via its table.
  const addExpression = (expr) => {
    if (!expr) return;
    if (ts.isParenthesizedExpression(expr)) return addExpression(expr.expression);
    const literal = stringValue(expr);
    if (literal !== undefined) return add(expr, literal);
    if (ts.isConditionalExpression(expr)) {
      addExpression(expr.whenTrue);
      addExpression(expr.whenFalse);
      return;
    }
    if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
      for (const { node, value } of tableValues(expr.expression, expr.name.text, arrays)) add(node, value);
    }
  };

  const visit = (node) => {
    if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name)) {
      const name = node.name.text;
      const element = node.parent.parent; // JsxAttributes -> JsxOpeningElement | JsxSelfClosingElement
      const tag = element.tagName && ts.isIdentifier(element.tagName) ? element.tagName.text : '';
      if ((name === 'id' && MESSAGE_COMPONENTS.has(tag)) || MESSAGE_ID_KEYS.has(name)) {
        const init = node.initializer;
        if (init && ts.isStringLiteral(init)) add(init, init.text);
        else if (init && ts.isJsxExpression(init)) addExpression(init.expression);
      }
    } else if (ts.isCallExpression(node) && MESSAGE_CALLS.has(calleeName(node.expression))) {
      const [descriptor] = node.arguments;
      if (descriptor && ts.isObjectLiteralExpression(descriptor)) addExpression(propertyInitializer(descriptor, 'id'));
    } else if (ts.isPropertyAssignment(node)) {
      const key = propertyName(node.name);
      if (key && MESSAGE_ID_KEYS.has(key)) {
        addExpression(node.initializer);
      } else if (key === 'id' && !isMessageCallArgument(node.parent) && !isRouteObject(node.parent)) {
        const value = stringValue(node.initializer);
        if (value !== undefined && LOOKS_LIKE_MESSAGE_ID.test(value)) add(node.initializer, value);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A table entry is found both as `id: 'nav.x'` and through `id={link.id}`: report it once.
  const seen = new Set();
  return uses.filter((use) => {
    const key = `${use.id}\0${use.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Scans files on disk. */
export function scanFiles(files) {
  return files.flatMap((file) => scanSource(readFileSync(file, 'utf8'), file));
}

function stringValue(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

function propertyName(name) {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

function propertyInitializer(object, key) {
  for (const prop of object.properties) {
    if (ts.isPropertyAssignment(prop) && propertyName(prop.name) === key) return prop.initializer;
  }
  return undefined;
}

function calleeName(expr) {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return '';
}

function isMessageCallArgument(object) {
  return ts.isCallExpression(object.parent) && MESSAGE_CALLS.has(calleeName(object.parent.expression));
}

function isRouteObject(object) {
  return object.properties.some((p) => p.name && ROUTE_KEYS.has(propertyName(p.name) ?? ''));
}

/** `const NAME = [ {…}, … ]` (optionally `as const` / typed) declared anywhere in the file. */
function literalArrays(source) {
  const arrays = new Map();
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let init = node.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (ts.isArrayLiteralExpression(init)) arrays.set(node.name.text, init);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return arrays;
}

/**
 * For `item.prop` where `item` is the first parameter of a callback passed to `TABLE.map`/`forEach`…,
 * the literal `prop` values of TABLE's object elements.
 */
function tableValues(identifier, prop, arrays) {
  let node = identifier.parent;
  while (node) {
    if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parameters.length) {
      const param = node.parameters[0].name;
      if (ts.isIdentifier(param) && param.text === identifier.text) {
        const call = node.parent;
        if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && ts.isIdentifier(call.expression.expression)) {
          const array = arrays.get(call.expression.expression.text);
          if (!array) return [];
          return array.elements.flatMap((el) => {
            if (!ts.isObjectLiteralExpression(el)) return [];
            const init = propertyInitializer(el, prop);
            const value = init && stringValue(init);
            return value === undefined ? [] : [{ node: init, value }];
          });
        }
        return [];
      }
    }
    node = node.parent;
  }
  return [];
}
