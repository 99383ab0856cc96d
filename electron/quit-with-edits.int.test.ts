/**
 * electron/main.ts, run against the fake `electron` module and the real Swift: quitting (or closing
 * the window) while an object edited in place holds changes Swift lacks asks first; "Cancel" keeps
 * everything, quitting takes the private copy with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { EditingSession } from '../shared/editing';
import { channelOf } from '../shared/operations';
import { fakeEvent } from '../testing/electron/fake-electron';
import { harnessCredentials, uniqueName } from '../testing/electron/harness-session';
import { launchMain, type LaunchedMain } from '../testing/electron/launch-main';
import { removeContainer } from '../testing/electron/transfers-testkit';
import { HARNESS } from '../testing/swift/config';
import { swiftRequest } from '../testing/swift/swift-direct';

const region = 'RegionOne' as const;
const container = uniqueName('quit-edits');
const notes = `/v1/${HARNESS.users.admin.account}/${container}/notes.txt`;

afterAll(() => removeContainer(container));

async function invoke(app: LaunchedMain, operation: string, request: unknown): Promise<unknown> {
  const handler = app.fake.ipcHandlers.get(channelOf(operation as never));
  const sender = app.window!.webContents;
  const answer = (await handler?.({ sender, senderFrame: sender.mainFrame }, request)) as { ok: boolean };
  if (!answer.ok) throw new Error(`${operation}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The state of the edit as the window was last told. */
const lastState = (app: LaunchedMain): string | undefined => {
  const sent = app.window!.webContents.sent.filter((event) => event.channel === 'cirrus-event:editing').at(-1);
  return (sent?.payload as { sessions: EditingSession[] } | undefined)?.sessions[0]?.state;
};

it('asks before quitting with an unsaved edit; Cancel keeps it, quitting removes the copy', async () => {
  const app = await launchMain();
  await invoke(app, 'signIn', harnessCredentials());
  await invoke(app, 'createContainer', { region, container });
  expect((await swiftRequest(region, 'PUT', notes, { body: 'first' })).status).toBe(201);
  await invoke(app, 'startEditing', { region, container, name: 'notes.txt' });
  const [copy = ''] = app.fake.openedPaths;
  expect(fs.readFileSync(copy, 'utf8')).toBe('first');

  // Changed in Swift meanwhile: the save waits for the person's answer, unsent.
  expect((await swiftRequest(region, 'PUT', notes, { body: 'theirs' })).status).toBe(201);
  fs.writeFileSync(copy, 'mine');
  await expect.poll(() => lastState(app), { timeout: 15_000 }).toBe('conflict');

  app.fake.messageBoxAnswer = 1; // Cancel
  const quit = fakeEvent();
  app.fake.app.emit('before-quit', quit);
  expect(quit.defaultPrevented).toBe(true);
  const close = fakeEvent();
  app.window!.emit('close', close);
  expect(close.defaultPrevented).toBe(true);
  expect(app.fake.messageBoxes.map((box) => box.message)).toEqual([
    'Quit with unsaved edits?',
    'Quit with unsaved edits?',
  ]);
  expect(fs.readFileSync(copy, 'utf8')).toBe('mine');

  app.fake.messageBoxAnswer = 0; // Quit and discard them
  const again = fakeEvent();
  app.fake.app.emit('before-quit', again);
  expect(again.defaultPrevented).toBe(false);
  expect(fs.existsSync(path.dirname(copy))).toBe(false);
  expect((await swiftRequest(region, 'GET', notes)).text).toBe('theirs');
});
