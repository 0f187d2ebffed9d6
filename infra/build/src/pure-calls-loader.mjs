// rspack loader for react-router's bundled production chunk (docs/decisions/029): lets the minifier
// drop what the portal never uses (Form and useFetcher with their submission code, the contexts of
// the framework and server-component modes). react-router annotates its createElement calls as pure
// but not its top-level `React.forwardRef(...)`, `React.memo(...)` and `React.createContext(...)`,
// and it names components with `X.displayName = "X"`: either keeps an unused declaration alive.
const DECLARATION = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
/** A top-level `Form.displayName = "Form";`: only React DevTools read it, and they are off in production. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** @param {string} source */
export function markPureCalls(source) {
  return source.replace(DECLARATION, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
}

export default function pureCallsLoader(source) {
  return markPureCalls(source);
}
