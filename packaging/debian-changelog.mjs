// Writes CHANGELOG.md as a Debian changelog (the `.deb`'s /usr/share/doc/cairn/changelog.gz):
// one entry per release heading (`## 0.2.0 — 2026-11-28`), its paragraphs and bullets as
// `*` items wrapped at 78 columns, signed by the maintainer at noon UTC of the release's date.
//
// Usage: node packaging/debian-changelog.mjs CHANGELOG.md PACKAGE "Name <email>"

import { readFileSync } from "node:fs";

const [file, pkg, maintainer] = process.argv.slice(2);
if (!file || !pkg || !maintainer) {
  console.error('usage: node packaging/debian-changelog.mjs CHANGELOG.md PACKAGE "Name <email>"');
  process.exit(2);
}

const releases = [];
for (const line of readFileSync(file, "utf8").split("\n")) {
  const heading = /^## (\S+) — (\d{4}-\d{2}-\d{2})/.exec(line);
  if (heading) {
    releases.push({ version: heading[1], date: heading[2], items: [] });
  } else if (releases.length && line.trim()) {
    const release = releases.at(-1);
    const text = line.trim().replace(/\*\*/g, "").replace(/`/g, "");
    if (line.startsWith("- ") || release.items.length === 0 || /^\s*$/.test(release.last ?? "")) {
      release.items.push(text.replace(/^- /, ""));
    } else {
      release.items[release.items.length - 1] += ` ${text}`;
    }
    release.last = line;
  } else if (releases.length) {
    releases.at(-1).last = line;
  }
}
if (!releases.length) {
  console.error(`${file}: no release heading (## VERSION — YYYY-MM-DD)`);
  process.exit(1);
}

/** `text` wrapped to `width` columns, the first line after `first`, the rest after `rest`. */
function wrap(text, first, rest, width = 78) {
  const lines = [];
  let line = first;
  for (const word of text.split(/\s+/)) {
    if (line.length + word.length + 1 > width && line.trim() !== first.trim()) {
      lines.push(line.trimEnd());
      line = rest;
    }
    line += (line === first || line === rest ? "" : " ") + word;
  }
  lines.push(line.trimEnd());
  return lines.join("\n");
}

const out = releases.map(({ version, date, items }) => {
  const when = new Date(`${date}T12:00:00Z`).toUTCString().replace("GMT", "+0000");
  const body = items.map((item) => wrap(item, "  * ", "    ")).join("\n");
  return `${pkg} (${version}) stable; urgency=medium\n\n${body}\n\n -- ${maintainer}  ${when}\n`;
});
process.stdout.write(out.join("\n"));
