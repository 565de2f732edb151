// The roster inspector in the real window, on the sandbox's demo synced by `cairn sync` (one
// connection whose token holds every scope, one without the demographics scope) and on a
// hand-made bundle of known problems imported by `cairn import`: navigate to a school and a
// class and see its teachers and students with the counts the sandbox's API reports; open a
// student and see their classes and guardians; the data checks list the bundle's problems;
// demographics are masked with the scope and absent without it.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { cairn, cliBinary, freshDataDir, launch, root, screenshot, startDriver } from '../lib/app.mjs';
import { cacheFile } from '../lib/data.mjs';
import { click, clickText } from '../lib/dom.mjs';
import { sandboxApi } from '../lib/sandboxApi.mjs';

const SECRET = 'roster-e2e-secret-0123456789';
const CHECKS = path.join(root, 'tests', 'fixtures', 'oneroster', 'cairn-v1p2-checks');

let driver;
let server;
let ready;
before(async () => {
  driver = await startDriver();
  server = spawn(
    cliBinary,
    ['serve', '--demo', '--scale', 'small', '--listen', '127.0.0.1:0', '--client', `full:${SECRET}`,
      '--client', `nodemo:${SECRET}:roster.readonly,resource.readonly,gradebook.readonly`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  ready = await new Promise((resolve, reject) => {
    readline.createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    server.once('exit', (code) => reject(new Error(`cairn serve exited with ${code}`)));
  });
});
after(async () => {
  server?.kill();
  await driver?.stop();
});

/** GET on the sandbox with a token of client `full`: the JSON and the X-Total-Count. */
async function api(pathname) {
  const res = await (await sandboxApi(ready, 'full', SECRET, 'roster.readonly')).get(`/api/roster/rostering/v1p2${pathname}`);
  assert.equal(res.status, 200, `${pathname}: ${res.text}`);
  return { json: JSON.parse(res.text), total: Number(res.headers['x-total-count']) };
}

function sync(dataDir, connection, client) {
  process.env.CAIRN_E2E_SECRET = SECRET;
  cairn('sync', '--base-url', ready.base_url, '--client-id', client, '--client-secret-env', 'CAIRN_E2E_SECRET',
    '--ca-cert', ready.ca_cert, '--only', 'rostering,resources,gradebook', '--db', cacheFile(dataDir), '--connection', connection);
}

/** Waits until the navigation's last crumb (where you are) reads `label`. */
async function waitAt(browser, label) {
  await waitText(browser, '[aria-label="Where you are"] [aria-current="location"]', (t) => t === label, `at ${label}`);
}

async function textOf(browser, selector) {
  const element = await browser.$(selector);
  await element.waitForExist({ timeout: 20_000 });
  return element.getText();
}

async function waitText(browser, selector, predicate, message) {
  let last = '';
  try {
    await browser.waitUntil(async () => {
      const element = await browser.$(selector);
      if (!(await element.isExisting())) return false;
      last = await element.getText();
      return predicate(last);
    }, { timeout: 20_000 });
  } catch (error) {
    // The text last read, not the one before the wait (a message given to waitUntil is made then).
    throw new Error(`${message}: ${JSON.stringify(last)}`, { cause: error });
  }
  return last;
}

async function chooseConnection(browser, name) {
  const select = await browser.$('select[aria-label="Connection"]');
  await select.waitForExist({ timeout: 20_000 });
  await select.selectByVisibleText(name);
}

test('navigate to a school and a class, a student and their guardians, demographics and data checks', async () => {
  const dataDir = freshDataDir('roster');
  sync(dataDir, 'Demo', 'full');
  sync(dataDir, 'No demographics', 'nodemo');
  cairn('import', CHECKS, '--db', cacheFile(dataDir), '--connection', 'Checks');
  const browser = await launch(driver, dataDir);
  try {
    await click(browser, 'nav[aria-label="Areas"] button[aria-label="Rosters"]');
    await chooseConnection(browser, 'Demo');

    // District → school: the school's classes as the API lists them.
    const orgs = await api('/orgs?limit=100');
    const district = orgs.json.orgs.find((o) => o.type === 'district');
    assert.ok(district, 'the demo has a district');
    await click(browser, `[aria-label="Below"] button[data-label="Org ${district.name}"]`);
    await waitAt(browser, district.name);
    const schools = await api('/schools?limit=100');
    const school = schools.json.orgs.find((o) => o.status !== 'tobedeleted');
    assert.ok(school, 'the API lists a school');
    const schoolClasses = await api(`/schools/${school.sourcedId}/classes?limit=1000`);
    const activeClasses = schoolClasses.json.classes.filter((c) => c.status !== 'tobedeleted');
    await click(browser, `[aria-label="Below"] button[data-label="Org ${school.name}"]`);
    await waitAt(browser, school.name);
    const here = await waitText(browser, '[aria-label="Counts here"]', (t) => /classes/.test(t), 'the school counts');
    assert.match(here, new RegExp(`^${activeClasses.length} class`), `${here} vs the API's ${activeClasses.length}`);
    await waitText(browser, '[role="table"][aria-label="Classes"]', (t) => t.length > 0, 'the classes table');
    await screenshot(browser, 'roster-school');

    // A class: its teachers and students, counted as the API counts them.
    const target = activeClasses.sort((a, b) => a.title.localeCompare(b.title))[0];
    const filter = `[role="table"][aria-label="Classes"] input[data-filter="${target.classCode ? 'code' : 'title'}"]`;
    await click(browser, filter);
    await (await browser.$(filter)).setValue(target.classCode ?? target.title);
    await clickText(browser, `[role="table"][aria-label="Classes"] [role="row"] button.link`, `${target.title}`);
    const page = `article[aria-label="Class ${target.title}"]`;
    await textOf(browser, page);
    const teachers = await api(`/classes/${target.sourcedId}/teachers?limit=1000`);
    const students = await api(`/classes/${target.sourcedId}/students?limit=1000`);
    const teachersHeading = await textOf(browser, `${page} section[aria-label="Teachers"] h3`);
    const studentsHeading = await textOf(browser, `${page} section[aria-label="Students"] h3`);
    assert.equal(teachersHeading, `Teachers (${teachers.total})`);
    assert.equal(studentsHeading, `Students (${students.total})`);
    assert.ok((await textOf(browser, `${page} section[aria-label="Teachers"]`)).includes('primary'));
    await screenshot(browser, 'roster-class');

    // A student: their classes and guardians.
    const withGuardian = students.json.users.find((u) => Array.isArray(u.agents) && u.agents.length > 0) ?? students.json.users[0];
    const name = `${withGuardian.familyName}, ${withGuardian.givenName}`;
    await clickText(browser, `${page} section[aria-label="Students"] button.link`, `${name}`);
    const userPage = 'article[aria-label^="User "]';
    const classes = await textOf(browser, `${userPage} section[aria-label="Classes"]`);
    assert.ok(classes.includes(target.title), classes);
    const agents = await textOf(browser, `${userPage} section[aria-label^="Agents ("]`);
    for (const agent of withGuardian.agents ?? []) {
      const guardian = (await api(`/users/${agent.sourcedId}`)).json.user;
      assert.ok(agents.includes(guardian.givenName) && agents.includes(guardian.familyName), `${agents} names ${guardian.givenName}`);
    }

    // Demographics: masked until revealed.
    await textOf(browser, `${userPage} [aria-label="Demographics masked"]`);
    await clickText(browser, `${userPage} section[aria-label="Demographics"] button`, `Reveal demographics`);
    await waitText(browser, `${userPage} section[aria-label="Demographics"]`, (t) => t.includes('birthDate'), 'revealed');
    await screenshot(browser, 'roster-student');

    // Without the scope: a note, and nothing to reveal.
    await chooseConnection(browser, 'No demographics');
    await waitText(browser, '.scope-note', (t) => t.includes('roster-demographics.readonly'), 'the scope note');
    const search = await browser.$('input[aria-label="Search people"]');
    await search.setValue(withGuardian.familyName);
    await clickText(browser, `[role="listbox"][aria-label="People found"] [role="option"]`, `${name}`, { partial: true });
    const note = await textOf(browser, `${userPage} section[aria-label="Demographics"]`);
    assert.ok(note.includes('does not hold the demographics scope'), note);
    assert.equal(await (await browser.$(`${userPage} [aria-label="Demographics masked"]`)).isExisting(), false);

    // The data checks of the hand-made bundle: exactly its known problems.
    await chooseConnection(browser, 'Checks');
    await clickText(browser, `[role="tablist"][aria-label="Roster views"] [role="tab"]`, `Data checks`);
    const expected = {
      'Records to be deleted': 2,
      'Disabled users': 1,
      "Enrollments outside their class's terms": 1,
      'Classes without a teacher': 1,
      'Classes naming an unknown course': 1,
      'Enrollments naming an unknown user': 1,
      'Users naming an unknown agent': 0,
    };
    await textOf(browser, 'section[aria-label="Data checks"] details');
    for (const [title, count] of Object.entries(expected)) {
      const label = await (await browser.$(`details[aria-label="${title}"] .check-count`)).getAttribute('aria-label');
      assert.equal(label, `${count} found`, title);
    }
    await click(browser, 'details[aria-label="Enrollments naming an unknown user"] summary');
    const ghost = await textOf(browser, 'details[aria-label="Enrollments naming an unknown user"] table');
    assert.ok(ghost.includes('usr-ghost'), ghost);
    await click(browser, 'details[aria-label="Classes without a teacher"] summary');
    await clickText(browser, `details[aria-label="Classes without a teacher"] button.link`, `Art 7 B`);
    await textOf(browser, 'article[aria-label="Class Art 7 B"]');
    await screenshot(browser, 'roster-checks');
  } finally {
    await browser.deleteSession();
  }
});
