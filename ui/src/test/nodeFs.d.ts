// The one Node API a test uses (reading a theme file whose text the CSS-less test run cannot
// import), declared here rather than taking all of @types/node into the UI's types.
declare module "node:fs" {
  export function readFileSync(path: URL | string, encoding: "utf8"): string;
}
