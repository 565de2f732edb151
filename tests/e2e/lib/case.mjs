// Reading a CASE package file the way the specification orders a tree, independently of the
// app's code: children by sequenceNumber, then humanCodingScheme in natural order.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './app.mjs';

/** A bundled framework package from `assets/frameworks/`. */
export function bundledPackage(file) {
  return JSON.parse(readFileSync(path.join(root, 'assets', 'frameworks', file), 'utf8'));
}

/** The codes of the children of `parentCode` (the document when null), in tree order. */
export function childCodes(pkg, parentCode) {
  const items = new Map(pkg.CFItems.map((i) => [i.identifier, i]));
  const parent = parentCode === null
    ? pkg.CFDocument.identifier
    : pkg.CFItems.find((i) => i.humanCodingScheme === parentCode).identifier;
  const natural = new Intl.Collator('en', { numeric: true });
  return pkg.CFAssociations
    .filter((a) => a.associationType === 'isChildOf' && a.destinationNodeURI.identifier === parent)
    .map((a) => ({ seq: Number(a.sequenceNumber ?? Infinity), code: items.get(a.originNodeURI.identifier).humanCodingScheme }))
    .sort((a, b) => a.seq - b.seq || natural.compare(a.code, b.code))
    .map((c) => c.code);
}
