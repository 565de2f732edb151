// Preparing an app data folder's cache for a test or the bench through the `cairn` command line:
// importing package files, syncing a sandbox served by `cairn serve`, and generated packages.

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { cairn, cliBinary } from './app.mjs';

/** The app's cache file inside a data folder. */
export function cacheFile(dataDir) {
  return path.join(dataDir, 'cache.sqlite');
}

/** Imports CASE package files into `dataDir`'s cache under `connection`. */
export function importPackages(dataDir, connection, ...files) {
  return cairn('import', '--db', cacheFile(dataDir), '--connection', connection, ...files);
}

/**
 * Serves the sandbox's demo data of `scale` with `cairn serve` and syncs its competency
 * framework service into `dataDir`'s cache under `connection`; stops the server afterwards.
 */
export async function syncDemoFrameworks(dataDir, connection, scale) {
  const secret = 'bench-secret-0123456789';
  const server = spawn(
    cliBinary,
    ['serve', '--demo', '--scale', scale, '--listen', '127.0.0.1:0', '--client', `bench:${secret}`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const ready = await new Promise((resolve, reject) => {
      const lines = readline.createInterface({ input: server.stdout });
      lines.once('line', (line) => resolve(JSON.parse(line)));
      server.once('exit', (code) => reject(new Error(`cairn serve exited with ${code}`)));
    });
    process.env.CAIRN_BENCH_SECRET = secret;
    cairn(
      'sync', '--base-url', ready.base_url, '--client-id', 'bench', '--client-secret-env', 'CAIRN_BENCH_SECRET',
      '--ca-cert', ready.ca_cert, '--only', 'case', '--db', cacheFile(dataDir), '--connection', connection,
    );
  } finally {
    server.kill();
  }
}

/** A package whose one top-level item has `width` children: the widest node a tree meets. */
export function writeWidePackage(file, width) {
  const base = 'https://case.example.org/ims/case/v1p0';
  const t = '2026-01-01T00:00:00+00:00';
  const uuid = (n) => `be0c0000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const doc = uuid(0);
  const ref = (id, title, kind) => ({ identifier: id, uri: `${base}/${kind}/${id}`, title });
  const items = [{ identifier: uuid(1), uri: `${base}/CFItems/${uuid(1)}`, lastChangeDateTime: t,
    humanCodingScheme: 'WIDE', fullStatement: `A node with ${width} children` }];
  for (let i = 0; i < width; i++) {
    const id = uuid(2 + i);
    items.push({ identifier: id, uri: `${base}/CFItems/${id}`, lastChangeDateTime: t,
      humanCodingScheme: `WIDE.${i + 1}`, fullStatement: `Child number ${i + 1} of the wide node` });
  }
  const associations = items.map((item, i) => ({
    identifier: uuid(0x100000 + i), uri: `${base}/CFAssociations/${uuid(0x100000 + i)}`, lastChangeDateTime: t,
    associationType: 'isChildOf', sequenceNumber: i === 0 ? 1 : i,
    originNodeURI: ref(item.identifier, item.humanCodingScheme, 'CFItems'),
    destinationNodeURI: i === 0 ? ref(doc, 'Bench: one wide node', 'CFDocuments') : ref(uuid(1), 'WIDE', 'CFItems'),
  }));
  const pkg = {
    CFDocument: { identifier: doc, uri: `${base}/CFDocuments/${doc}`, lastChangeDateTime: t,
      creator: 'Cairn bench', title: 'Bench: one wide node' },
    CFItems: items,
    CFAssociations: associations,
  };
  writeFileSync(file, JSON.stringify(pkg));
  return { document: doc, wide: uuid(1) };
}

/**
 * Two packages of `count` items each (100 top-level items with their children), the second
 * linking every other item of its own to the first's by `exactMatchOf`: a crosswalk of that size.
 */
export function writeCrosswalkPair(fileA, fileB, count) {
  const base = 'https://case.example.org/ims/case/v1p0';
  const t = '2026-01-01T00:00:00+00:00';
  const uuid = (side, n) => `be0c${side}000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const ref = (id, title, kind) => ({ identifier: id, uri: `${base}/${kind}/${id}`, title });
  const make = (side, title, linkTo) => {
    const doc = uuid(side, 0);
    const items = [];
    const associations = [];
    const tops = 100;
    for (let i = 1; i <= count; i++) {
      const id = uuid(side, i);
      const top = i <= tops;
      const code = top ? `${side}.${i}` : `${side}.${((i - 1) % tops) + 1}.${Math.floor((i - 1) / tops)}`;
      items.push({ identifier: id, uri: `${base}/CFItems/${id}`, lastChangeDateTime: t, humanCodingScheme: code,
        fullStatement: `Statement ${i} of ${title}` });
      const parent = top ? ref(doc, title, 'CFDocuments') : ref(uuid(side, ((i - 1) % tops) + 1), '', 'CFItems');
      associations.push({ identifier: uuid(side, 0x100000 + i), uri: `${base}/CFAssociations/${uuid(side, 0x100000 + i)}`,
        lastChangeDateTime: t, associationType: 'isChildOf', sequenceNumber: i, originNodeURI: ref(id, code, 'CFItems'),
        destinationNodeURI: parent });
      if (linkTo && i % 2 === 0) {
        associations.push({ identifier: uuid(side, 0x200000 + i), uri: `${base}/CFAssociations/${uuid(side, 0x200000 + i)}`,
          lastChangeDateTime: t, associationType: 'exactMatchOf', originNodeURI: ref(id, code, 'CFItems'),
          destinationNodeURI: ref(uuid(linkTo, i), '', 'CFItems') });
      }
    }
    return { CFDocument: { identifier: doc, uri: `${base}/CFDocuments/${doc}`, lastChangeDateTime: t, creator: 'Cairn bench', title },
      CFItems: items, CFAssociations: associations };
  };
  writeFileSync(fileA, JSON.stringify(make('a', 'Bench: crosswalk A', null)));
  writeFileSync(fileB, JSON.stringify(make('b', 'Bench: crosswalk B', 'a')));
  return { a: 'Bench: crosswalk A', b: 'Bench: crosswalk B' };
}
