// The gradebook in the real window, writing to the built-in sandbox: open a class's gradebook
// from its page; a score below the line item's minimum is refused at the cell before anything
// is stored; one above the maximum asks about extra credit; a score typed and sent is what the
// sandbox's API then answers; a line item created through its form shows in the grid, and goes
// after the confirmation, and the audit lists it; an unsent edit survives SIGKILL and is sent
// after the restart. (No screenshot of the outbox's table: WebKitWebDriver's screenshot of it
// hangs, here as after the restart; the cause is not found yet.)

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshDataDir, launch, screenshot, startDriver } from '../lib/app.mjs';
import {
  appPid, cell, click, clickText, openFirstGradebook, serveBuiltinData, typeInto, waitFor, waitText,
} from '../lib/gradebook.mjs';

const TOOLBAR = '.gb-toolbar';

let driver;
before(async () => {
  driver = await startDriver();
});
after(async () => {
  await driver?.stop();
});

/** Every cell's student and line item, in the grid's order. */
async function cells(browser) {
  return browser.execute(() => [...document.querySelectorAll('.gb-cell[data-student]')].map((c) => ({
    student: c.getAttribute('data-student'), lineItem: c.getAttribute('data-line-item'),
  })));
}

/** A column's maximum, from its header (`/10`). */
async function maxOf(browser, lineItem) {
  const text = await (await browser.$(`[role="columnheader"][data-line-item="${lineItem}"] .gb-colmeta`)).getProperty('textContent');
  return Number(String(text).replace('/', ''));
}

test('enter, check and send scores; survive a kill; create and delete a line item', async () => {
  const dataDir = freshDataDir('gradebook');
  let browser = await launch(driver, dataDir);
  const sent = [];
  try {
    await openFirstGradebook(browser);
    const all = await cells(browser);
    const lineItem = all[0].lineItem;
    const column = all.filter((c) => c.lineItem === lineItem);
    assert.ok(column.length >= 4, 'a column of four students at least');
    const max = await maxOf(browser, lineItem);
    assert.ok(max > 0, `the column has a maximum: ${max}`);

    // Below the minimum: refused at the cell, nothing stored.
    await typeInto(browser, column[0].student, lineItem, '-1');
    await waitFor(browser, `${cell(column[0].student, lineItem)}[aria-invalid="true"]`);
    await waitText(browser, '[aria-label="Selected result"]', (t) => t.includes('below the line item'), 'the refusal');
    await waitText(browser, '[data-announcer="assertive"]', (t) => t.startsWith('Not saved') && t.includes('below the line item'), 'the refusal, announced');
    assert.ok((await waitText(browser, TOOLBAR, () => true, 'toolbar')).includes('All changes sent'));

    // A score: stored in the outbox, then sent.
    const score = Math.min(3, max);
    await typeInto(browser, column[1].student, lineItem, String(score));
    await waitFor(browser, `${cell(column[1].student, lineItem)}[data-state="pending"]`);
    await waitText(browser, TOOLBAR, (t) => t.includes('1 unsent change'), 'one unsent change');
    await waitText(browser, '[data-announcer="polite"]', (t) => t.startsWith('Saved, not sent yet'), 'the save, announced');
    sent.push({ student: column[1].student, lineItem, score });

    // Above the maximum: asked about extra credit; "No" keeps it out.
    await typeInto(browser, column[2].student, lineItem, String(max + 5));
    await waitText(browser, '[role="alertdialog"][aria-label="Extra credit?"]', (t) => t.includes('extra credit'), 'the question');
    await screenshot(browser, 'gradebook-extra-credit');
    await clickText(browser, '[role="alertdialog"][aria-label="Extra credit?"] button', 'No');
    await waitFor(browser, `${cell(column[2].student, lineItem)}[aria-invalid="true"]`);

    await clickText(browser, `${TOOLBAR} button`, 'Send changes');
    await waitText(browser, '[data-announcer="polite"]', (t) => t.includes('1 sent'), 'sent, announced');
    await waitFor(browser, `${cell(column[1].student, lineItem)}[data-state="server"]`);
    await screenshot(browser, 'gradebook-grid');

    // A line item through its form, seen in the grid; then deleted after the confirmation.
    await clickText(browser, '[role="tab"]', 'New line item');
    const form = 'form[aria-label="New line item"]';
    await waitFor(browser, `${form} input[aria-label="sourcedId"][value*="-"]`);
    await (await browser.$(`${form} input[aria-label="Title"]`)).setValue('E2E essay');
    await (await browser.$(`${form} input[aria-label="Assign date"]`)).setValue('2025-10-01');
    await (await browser.$(`${form} input[aria-label="Due date"]`)).setValue('2025-10-08');
    await (await browser.$(`${form} input[aria-label="Maximum"]`)).setValue('10');
    await screenshot(browser, 'gradebook-line-item-form');
    await clickText(browser, `${form} button`, 'Store the line item');
    await clickText(browser, `${TOOLBAR} button`, 'Send changes');
    await waitText(browser, '.gb-area .export-message', (t) => t.includes('1 sent'), 'the line item sent');
    await clickText(browser, '[role="columnheader"] .gb-coltitle', 'E2E essay');
    const essay = await browser.execute(() => [...document.querySelectorAll('[role="columnheader"][data-line-item]')]
      .find((h) => h.textContent.includes('E2E essay'))?.getAttribute('data-line-item'));
    assert.ok(essay, 'the new line item is a column of the grid');
    await click(browser, `.gb-cell[data-line-item="${essay}"]`);
    await clickText(browser, '[aria-label="Selected result"] button', 'Delete line item…');
    const confirm = '[role="alertdialog"][aria-label="Delete the line item?"]';
    await waitText(browser, confirm, (t) => t.includes('“E2E essay”'), 'the confirmation names it');
    await clickText(browser, `${confirm} button`, 'Delete “E2E essay”');
    await clickText(browser, `${TOOLBAR} button`, 'Send changes');
    await browser.waitUntil(async () => !(await (await browser.$(`[role="columnheader"][data-line-item="${essay}"]`)).isExisting()),
      { timeout: 30_000, timeoutMsg: 'the deleted line item is still a column' });
    await clickText(browser, '[role="tab"]', 'Outbox and audit');
    await waitText(browser, '[aria-label="Outbox and audit"]', (t) => t.includes('Line item: E2E essay'), 'the audit');
    await clickText(browser, '[role="tab"]', 'Results');


    // An unsent edit, then SIGKILL.
    await typeInto(browser, column[3].student, lineItem, String(Math.min(2, max)));
    await waitFor(browser, `${cell(column[3].student, lineItem)}[data-state="pending"]`);
    sent.push({ student: column[3].student, lineItem, score: Math.min(2, max) });
    process.kill(appPid(dataDir), 'SIGKILL');
    await browser.deleteSession().catch(() => undefined);
    // A fresh driver: the old one's web driver still waits on the killed window.
    await driver.stop();
    driver = await startDriver();

    browser = await launch(driver, dataDir);
    await clickText(browser, 'button.outbox-count', 'Outbox: 1 unsent change');
    const unsent = '[aria-label="Unsent changes to Built-in sandbox"]';
    await waitText(browser, unsent, (t) => t.includes('1 unsent change') && t.includes('Result:'), 'the edit in the outbox');
    await clickText(browser, `${unsent} button`, 'Send changes');
    await waitText(browser, unsent, (t) => t.includes('1 sent'), 'sent after the restart');

  } finally {
    await browser.deleteSession().catch(() => undefined);
  }

  // The sandbox's API answers what was sent.
  const api = await serveBuiltinData(dataDir, 'gradebook-e2e-secret-0123');
  try {
    for (const s of sent) {
      const filter = encodeURIComponent(`student.sourcedId='${s.student}' AND lineItem.sourcedId='${s.lineItem}'`);
      const res = await api.gradebook(`/results?filter=${filter}`);
      assert.equal(res.status, 200, JSON.stringify(res.json));
      assert.equal(res.json.results.length, 1, JSON.stringify(res.json));
      assert.equal(res.json.results[0].score, s.score);
    }
  } finally {
    await api.stop();
  }
});
