// cytoscape-svg ships no declarations: the extension (its `svg()` is declared in cytoscape-core-svg.d.ts).
declare module "cytoscape-svg" {
  const register: import("cytoscape").Ext;
  export default register;
}
