import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The admin tenant's "granted-by-acl" container is this spec's: it grants the readonly user (tester3,
// no .admin in tempauth) read access, which is all that user has in the account.
const REGION = 'RegionOne' as const;
const C = 'granted-by-acl';
const reader = HARNESS.users.readonly;

let app: LaunchedApp | undefined;
test.beforeAll(async () => {
  const put = await swiftRequest(REGION, 'PUT', containerPath('admin', C), {
    who: 'admin',
    headers: { 'x-container-read': `${reader.tenantName}:${reader.user}` },
  });
  expect(put.status).toBeLessThan(300);
  const obj = await swiftRequest(REGION, 'PUT', objectPath('admin', C, 'shared.txt'), {
    who: 'admin',
    body: 'for you',
  });
  expect(obj.status).toBe(201);
});
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('a user who may not list the account still opens a container granted to them, by name', async () => {
  // Swift itself: the account listing is refused, the container is not.
  expect((await swiftRequest(REGION, 'GET', `/v1/${reader.account}`, { who: 'readonly' })).status).toBe(403);
  expect((await swiftRequest(REGION, 'GET', containerPath('readonly', C), { who: 'readonly' })).status).toBe(200);

  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, 'readonly');
  const nav = page.getByRole('navigation', { name: 'Container browser' });
  await expect(nav).toContainText('Could not list the containers.');
  const form = nav.getByRole('form', { name: 'Open a container by name' });
  await form.getByLabel('Open a container you were given access to').fill(C);
  await checkBothThemes(page, app.host, 'open-by-name');
  await form.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('grid', { name: 'Objects' }).getByText('shared.txt', { exact: true })).toBeVisible();
});
