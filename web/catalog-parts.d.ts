// Parts of a locale catalog, served by the build's catalog-parts plugin (scripts/lib/catalog-parts.ts).
declare module '*.json?part=core' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.json?part=manager' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.json?part=content' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.json?part=engagement' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.json?part=account' {
  const part: Record<string, unknown>;
  export default part;
}
