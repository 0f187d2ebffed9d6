/** Federation name of this build, set at compile time. */
declare const __APP_NAME__: string;
/** package.json version of this build. */
declare const __APP_VERSION__: string;
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
