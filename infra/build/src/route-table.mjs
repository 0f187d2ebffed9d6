// Reads a remote's route table (src/routes.tsx) with the TypeScript parser: every page route's full
// pattern and the module its lazy component imports. routes.tsx stays the one place where a remote's
// routes are written; the first-screen map (first-screen-map.mjs) gets its patterns from here.
// Anything this reader does not understand is an error, not a skipped route: a page the gateway could
// not hint would silently load one round trip later.
import ts from 'typescript';

/** A page route: its pattern below the locale ("products/:slug") and the module its lazy component imports. */
/** @typedef {{ path: string, import: string }} PageRoute */

const joinPath = (parent, path) => [parent, path].filter((p) => p !== '').join('/');

/** `const X = lazy(() => import('./pages/x'))` → Map { X → './pages/x' } */
function lazyImports(source) {
  const found = new Map();
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isCallExpression(node.initializer)) {
      const call = node.initializer;
      const arrow = call.arguments[0];
      if (ts.isIdentifier(call.expression) && call.expression.text === 'lazy' && arrow && ts.isArrowFunction(arrow)) {
        const body = arrow.body;
        if (ts.isCallExpression(body) && body.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(body.arguments[0])) {
          found.set(node.name.text, body.arguments[0].text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The initializer of `export const routes = [...]`. */
function routesArray(source) {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === 'routes' && declaration.initializer) {
        if (ts.isArrayLiteralExpression(declaration.initializer)) return declaration.initializer;
      }
    }
  }
  return undefined;
}

/**
 * The page routes of a route table's source text.
 * @param {string} text the source of routes.tsx
 * @param {string} [fileName] for error messages
 * @returns {PageRoute[]}
 */
export function pageRoutes(text, fileName = 'routes.tsx') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lazy = lazyImports(source);
  const array = routesArray(source);
  if (!array) throw new Error(`${fileName}: no \`export const routes = [...]\``);
  const fail = (node, why) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    throw new Error(`${fileName}:${line + 1}: ${why} (the first-screen map reads the route table; see infra/build/src/route-table.mjs)`);
  };
  const pages = [];

  const walk = (elements, parent) => {
    for (const element of elements) {
      if (!ts.isObjectLiteralExpression(element)) fail(element, 'a route that is not an object literal');
      const props = new Map();
      for (const prop of element.properties) {
        if (!ts.isPropertyAssignment(prop) || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))) {
          fail(prop, 'a route property that is not a plain `name: value`');
        }
        props.set(prop.name.text, prop.initializer);
      }
      const pathNode = props.get('path');
      if (pathNode && !ts.isStringLiteralLike(pathNode)) fail(pathNode, 'a route path that is not a string literal');
      const path = joinPath(parent, pathNode ? pathNode.text : '');
      const component = props.get('Component');
      if (component) {
        if (!ts.isIdentifier(component) || !lazy.has(component.text)) {
          fail(component, `the page of "${path}" is not a \`lazy(() => import('...'))\` component`);
        }
        pages.push({ path, import: lazy.get(component.text) });
      } else if (props.has('lazy')) {
        fail(props.get('lazy'), `route "${path}" uses \`lazy\`, which the first-screen map does not read`);
      }
      const children = props.get('children');
      if (children) {
        if (!ts.isArrayLiteralExpression(children)) fail(children, `the children of "${path}" are not an array literal`);
        walk(children.elements, path);
      }
    }
  };
  walk(array.elements, '');
  return pages;
}
