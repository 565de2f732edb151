// Writes the Debian copyright file (machine-readable format 1.0) of Cairn's packages to stdout:
// Cairn's own licence, the bundled frameworks with their attribution, every npm package the web UI
// embeds, and every Rust crate compiled into the two binaries, each with its licence; then one
// paragraph per licence named, with its text (or where Debian keeps it).
//
// Usage: node packaging/copyright.mjs CARGO_METADATA_JSON NPM_LS_JSON

import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const [metadataFile, npmFile] = process.argv.slice(2);
if (!metadataFile || !npmFile) {
  console.error("usage: node packaging/copyright.mjs CARGO_METADATA_JSON NPM_LS_JSON");
  process.exit(2);
}

/** Licences Debian ships in /usr/share/common-licenses, by the short name used here. */
const COMMON = { "Apache-2.0": "Apache-2.0", "MPL-2.0": "MPL-2.0", "CC0-1.0": "CC0-1.0", "GPL-2.0-only": "GPL-2" };

/** An SPDX expression in the copyright format's syntax: `or`/`and` in lower case, `with X exception`. */
function dep5License(spdx) {
  // `(A OR B) AND C`: a comma gives `and` the lower precedence the parentheses meant.
  const grouped = /^\((.+)\)\s+AND\s+(.+)$/.exec(spdx.trim());
  if (grouped) return `${dep5License(grouped[1])}, and ${dep5License(grouped[2])}`;
  return spdx
    .replace(/\s*\/\s*/g, " OR ")
    .replace(/[()]/g, "")
    .replace(/\s+WITH\s+([\w.-]+)/g, (_, exception) => ` with ${exception.replace(/-exception$/, "")} exception`)
    .replace(/\s+OR\s+/g, " or ")
    .replace(/\s+AND\s+/g, " and ")
    .trim();
}

/** Every licence short name an expression names. */
function licenceNames(spdx) {
  const names = spdx.replace(/[()]/g, " ").split(/\s+|\//).filter((w) => w && !/^(OR|AND)$/.test(w));
  const out = [];
  for (let i = 0; i < names.length; i++) {
    if (names[i] === "WITH") {
      out.push(names[++i]);
    } else out.push(names[i]);
  }
  return out;
}

/** A field's value as continuation lines (a lone `.` for an empty line). */
function block(text) {
  return text
    .trimEnd()
    .split("\n")
    .map((line) => (line.trim() === "" ? " ." : ` ${line}`))
    .join("\n");
}

const used = new Set();
const paragraphs = [];
function files(pattern, copyright, licence, comment) {
  licenceNames(licence).forEach((n) => used.add(n));
  let p = `Files: ${pattern}\nCopyright: ${copyright}\nLicense: ${dep5License(licence)}`;
  if (comment) p += `\nComment:\n${block(comment)}`;
  paragraphs.push(p);
}

// Cairn itself.
files("*", "2026 Cairn developers", "MIT OR Apache-2.0");

// The frameworks the built-in sandbox serves (assets/frameworks/README.md).
files(
  "assets/frameworks/*",
  "OpenSALT contributors",
  "MIT",
  "CASE sample files from the OpenSALT project, embedded in both binaries.\n" +
    "ccss-math-asn-draft-2017.json: Common Core State Standards for Mathematics, statement text\n" +
    "(c) National Governors Association Center for Best Practices and Council of Chief State School\n" +
    "Officers, used under the public licence of the standards.",
);

// The web UI's packages (embedded in cairn-app), KaTeX's fonts among them — but not the
// production dependencies that never reach the bundle: type declarations, and the command-line
// parsers of markdown-it's and KaTeX's own command lines.
const NOT_BUNDLED = new Set(["argparse", "commander"]);
const npm = JSON.parse(readFileSync(npmFile, "utf8"));
const seen = new Map();
(function walk(deps) {
  for (const [name, dep] of Object.entries(deps ?? {})) {
    if (name.startsWith("@types/") || NOT_BUNDLED.has(name)) continue;
    if (!seen.has(`${name}@${dep.version}`)) {
      seen.set(`${name}@${dep.version}`, { name, version: dep.version });
      walk(dep.dependencies);
    }
  }
})(npm.dependencies);
for (const { name, version } of [...seen.values()].sort((a, b) => a.name.localeCompare(b.name))) {
  const dir = path.join(root, "ui", "node_modules", name);
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const licence = typeof manifest.license === "string" ? manifest.license : manifest.license?.type;
  if (!licence) throw new Error(`npm package ${name} ${version} names no licence`);
  const holders = copyrightLine(dir) ?? authorOf(manifest) ?? `the ${name} authors`;
  const fonts = name === "katex" ? "KaTeX, with its fonts (KaTeX_*.woff2), renders LaTeX in the web UI." : null;
  files(`ui/node_modules/${name}/*`, holders, licence, fonts ?? `${name} ${version}, embedded in the web UI.`);
}

// The Rust crates compiled into cairn-app and cairn (normal dependencies, this platform).
const metadata = JSON.parse(readFileSync(metadataFile, "utf8"));
const packages = new Map(metadata.packages.map((p) => [p.id, p]));
const nodes = new Map(metadata.resolve.nodes.map((n) => [n.id, n]));
const stack = metadata.packages.filter((p) => p.name === "cairn-app" || p.name === "cairn-cli").map((p) => p.id);
const crates = new Set();
while (stack.length) {
  const id = stack.pop();
  if (crates.has(id)) continue;
  crates.add(id);
  for (const dep of nodes.get(id)?.deps ?? []) {
    if (dep.dep_kinds.some((k) => k.kind === null)) stack.push(dep.pkg);
  }
}
const external = [...crates].map((id) => packages.get(id)).filter((p) => p.source);
external.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
for (const crate of external) {
  const licence = crate.license ?? licenceFromFile(crate);
  const holders = crate.authors.length ? crate.authors.join(", ") : `the ${crate.name} developers`;
  files(`vendor/rust/${crate.name}-${crate.version}/*`, holders, licence, `The ${crate.name} crate, ${crate.version}.`);
}

// One paragraph per licence named.
const texts = path.join(here, "licenses");
for (const name of [...used].sort()) {
  if (COMMON[name]) {
    paragraphs.push(`License: ${name}\n On Debian systems, the full text of this licence is in\n /usr/share/common-licenses/${COMMON[name]}.`);
  } else {
    const file = path.join(texts, `${name}.txt`);
    if (!existsSync(file)) throw new Error(`no text for the licence ${name}: add packaging/licenses/${name}.txt`);
    const heading = name === "LLVM-exception" ? "LLVM exception" : name;
    paragraphs.push(`License: ${heading}\n${block(readFileSync(file, "utf8"))}`);
  }
}

process.stdout.write(
  [
    "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n" +
      "Upstream-Name: Cairn\n" +
      "Upstream-Contact: Cairn developers <developers@cairn-edu.org>\n" +
      "Source: https://github.com/cairn-edu/cairn\n" +
      "Comment:\n" +
      block(
        "The package holds two binaries built from Cairn's sources: cairn-app (the desktop app, with its\n" +
          "web UI embedded) and cairn (the command line). The paragraphs below name, by the path of their\n" +
          "sources, the frameworks, npm packages and Rust crates compiled into them.",
      ),
    ...paragraphs,
  ].join("\n\n") + "\n",
);

/** The first `Copyright` line of a package's licence file, without the word itself. */
function copyrightLine(dir) {
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.md|\.txt)?$/i.test(f));
  if (!file) return null;
  const line = readFileSync(path.join(dir, file), "utf8")
    .split("\n")
    .find((l) => /^\s*copyright\s*(\(c\)|©)?\s*\d/i.test(l));
  return line ? line.replace(/^\s*copyright\s*(\(c\)|©)?\s*/i, "").trim() : null;
}

function authorOf(manifest) {
  const author = manifest.author;
  if (!author) return null;
  return typeof author === "string" ? author : author.name;
}

/** A crate with `license-file` instead of an SPDX expression: no such crate is expected. */
function licenceFromFile(crate) {
  throw new Error(`the crate ${crate.name} ${crate.version} names its licence only by a file (${crate.license_file})`);
}
