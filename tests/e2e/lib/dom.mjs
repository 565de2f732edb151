// Driving the window's DOM through WebDriver where React re-renders under the test's feet.

/** Clicks `selector`, finding it again when a re-render replaced it between finding and clicking. */
export async function click(browser, selector) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const element = await browser.$(selector);
      await element.waitForClickable({ timeout: 30_000 });
      await element.click();
      return;
    } catch (error) {
      if (attempt >= 5 || !/stale/i.test(String(error?.message ?? error))) throw error;
      await browser.pause(200);
    }
  }
}

/** Clicks the `selector` element whose text content is (or includes, with `partial`) `text`. */
export async function clickText(browser, selector, text, { partial = false } = {}) {
  let found;
  await browser.waitUntil(async () => {
    for (const element of await browser.$$(selector)) {
      try {
        const own = String(await element.getProperty('textContent')).replace(/\s+/g, ' ').trim();
        if (partial ? own.includes(text) : own === text) {
          found = element;
          return true;
        }
      } catch {
        // replaced by a re-render
      }
    }
    return false;
  }, { timeout: 30_000, timeoutMsg: `no ${selector} reading ${text}` });
  await found.waitForClickable({ timeout: 20_000 });
  await found.click();
}
