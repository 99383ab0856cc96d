import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { signInWithForm } from '../fixtures/sign-in';

let app: LaunchedApp | undefined;
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * The sender check in electron/ipc/dispatch.ts, as the journeys' host runs
 * it: the app's own page is served, and a second window showing the same
 * page (which a compromised page could open) is refused; in Electron the
 * window is never opened at all (setWindowOpenHandler denies it).
 */
test("only the app's own window may call the main process", async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, 'journey');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  const popupEvent = page.waitForEvent('popup', { timeout: 5_000 }).catch(() => null);
  const opened = await page.evaluate(() => window.open('/index.html', '_blank') !== null);
  const popup = await popupEvent;
  if (app.host === 'electron') {
    expect(opened).toBe(false);
    expect(popup).toBeNull();
    return;
  }
  expect(popup).not.toBeNull();
  await popup!.waitForFunction(() => 'cirrus' in window);
  const answer = await popup!.evaluate(() => window.cirrus.getSession({}));
  expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  // The page the person uses is still signed in and answered.
  expect(await page.evaluate(() => window.cirrus.getSession({}))).toMatchObject({ ok: true });
});
