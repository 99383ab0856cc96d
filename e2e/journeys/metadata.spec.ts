import { expect, test, type Locator, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { cirrusRequests, settledLogSize } from '../fixtures/proxy-log';
import { checkBothThemes } from '../fixtures/both-themes';
import { ensureAccountHolds } from '../fixtures/seed';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest, type SwiftResponse } from '../../testing/swift/swift-direct';
import { signInWithForm } from '../fixtures/sign-in';
import { slowDown } from '../../testing/swift/slow-down';

// This feature's own tenant: the journeys put its account into a known state before each test.
const who = 'meta' as const;
const user = HARNESS.users[who];
const REGION = 'RegionOne' as const;
const CONTAINER = 'meta-box';
const OBJECT = 'notes.txt';
const BODY = 'hello from the metadata journey';
const DISPOSITION = 'attachment; filename="notes.txt"';
// A read grant that is not public read: turning public read on and off must keep it.
const OTHER_GRANT = 'test2:tester2';

const accountPath = `/v1/${user.account}`;
const containerPath = `${accountPath}/${CONTAINER}`;
const objectPath = `${containerPath}/${OBJECT}`;

let app: LaunchedApp | undefined;

function expectStatus(res: SwiftResponse, ok: number[], what: string): void {
  if (!ok.includes(res.status)) throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
}

/** Headers that remove every user-metadata key the HEAD answer shows (`x-<kind>-meta-*`). */
function removalsOf(head: SwiftResponse, kind: 'account' | 'container'): Record<string, string> {
  const removals: Record<string, string> = {};
  head.headers.forEach((_value, name) => {
    const prefix = `x-${kind}-meta-`;
    if (name.startsWith(prefix) && !name.startsWith(`${prefix}temp-url`)) {
      removals[`X-Remove-${kind === 'account' ? 'Account' : 'Container'}-Meta-${name.slice(prefix.length)}`] = 'x';
    }
  });
  return removals;
}

/** One container holding one object with metadata a=1, b=2, c=3 and a Content-Disposition; the account has team=docs. */
async function seed(): Promise<void> {
  await ensureAccountHolds(REGION, who, [CONTAINER]);
  const account = await swiftRequest(REGION, 'HEAD', accountPath, { who });
  expectStatus(
    await swiftRequest(REGION, 'POST', accountPath, {
      who,
      headers: { ...removalsOf(account, 'account'), 'X-Account-Meta-Team': 'docs' },
    }),
    [204],
    'reset account metadata',
  );
  const container = await swiftRequest(REGION, 'HEAD', containerPath, { who });
  expectStatus(
    await swiftRequest(REGION, 'POST', containerPath, {
      who,
      headers: { ...removalsOf(container, 'container'), 'X-Container-Read': OTHER_GRANT },
    }),
    [204],
    'reset container',
  );
  expectStatus(
    await swiftRequest(REGION, 'PUT', objectPath, {
      who,
      body: BODY,
      headers: {
        'Content-Type': 'text/plain',
        'Content-Disposition': DISPOSITION,
        'X-Object-Meta-A': '1',
        'X-Object-Meta-B': '2',
        'X-Object-Meta-C': '3',
      },
    }),
    [201],
    'put object',
  );
}

const head = async (path: string) => {
  const res = await swiftRequest(REGION, 'HEAD', path, { who });
  expectStatus(res, [200, 204], `HEAD ${path}`);
  return res.headers;
};

/** The user metadata Swift holds, keys without their prefix. */
function userMetadata(headers: Headers, prefix: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name.startsWith(prefix)) metadata[name.slice(prefix.length)] = value;
  });
  return metadata;
}

test.beforeEach(async () => {
  await seed();
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signIn(page: Page): Promise<void> {
  await signInWithForm(page, who);
  const region = page.getByLabel('Region');
  await expect(region).toBeVisible();
  if ((await region.inputValue()) !== REGION) await region.selectOption(REGION);
}

const detailsOf = (page: Page): Locator => page.getByRole('complementary', { name: 'Details' });

async function selectContainer(page: Page): Promise<void> {
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER }).click();
  await expect(detailsOf(page).getByRole('heading', { name: CONTAINER })).toBeVisible();
}

async function selectAccount(page: Page): Promise<void> {
  // Right after signing in nothing is selected, and the details are the account's.
  await expect(detailsOf(page).getByRole('table', { name: 'Account metadata' })).toBeVisible();
}

async function selectObject(page: Page): Promise<void> {
  await selectContainer(page);
  await page.getByRole('grid', { name: 'Objects' }).getByRole('row').filter({ hasText: OBJECT }).click();
  await expect(detailsOf(page).getByRole('heading', { name: OBJECT })).toBeVisible();
}

test('object metadata: remove, edit and add keys, see the summary, save; untouched headers stay', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  await selectObject(page);

  const details = detailsOf(page);
  const table = details.getByRole('table', { name: 'Object metadata' });
  await expect(table.getByLabel('Key of a')).toHaveValue('a');
  await expect(table.getByLabel('Value of b')).toHaveValue('2');
  await expect(details).toContainText('Plain object');
  const save = details.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();

  await table.getByRole('button', { name: 'Remove b' }).click();
  await table.getByLabel('Value of a').fill('10');
  await details.getByRole('button', { name: 'Add row' }).click();
  await expect(table.getByLabel('Key of new row 1')).toBeFocused();
  await page.keyboard.type('d');
  await table.getByLabel('Value of new row 1').fill('4');

  const summary = details.getByRole('region', { name: 'Changes to save' });
  await expect(summary.getByRole('listitem')).toHaveText(['Add d = 4', 'Change a from 1 to 10', 'Remove b']);
  await expect(save).toBeEnabled();
  await checkBothThemes(page, app.host, 'metadata-object-summary');

  // Looking at something else and coming back loses nothing typed.
  await selectContainer(page);
  await expect(details.getByRole('table', { name: 'Container metadata' })).toBeVisible();
  await selectObject(page);
  await expect(summary.getByRole('listitem')).toHaveText(['Add d = 4', 'Change a from 1 to 10', 'Remove b']);
  await expect(table.getByLabel('Value of new row 1')).toHaveValue('4');

  // One value over the region's 256-byte limit: the reason shows beside its row and Save is off.
  await details.getByRole('button', { name: 'Add row' }).click();
  await table.getByLabel('Key of new row 2').fill('long');
  const long = table.getByLabel('Value of new row 2');
  await long.fill('x'.repeat(257));
  await expect(long).toHaveAttribute('aria-invalid', 'true');
  await expect(long).toHaveAccessibleDescription('The value of "long" is 257 bytes long; the limit is 256.');
  await expect(save).toBeDisabled();
  await checkBothThemes(page, app.host, 'metadata-object-too-long');
  await long.fill('x'.repeat(256));
  await expect(long).toHaveAttribute('aria-invalid', 'false');
  await expect(save).toBeEnabled();
  await table.getByRole('button', { name: 'Remove new row 2' }).click();

  const before = await settledLogSize(REGION);
  // A save that takes a while (the region's proxy stopped until it is seen): "Saving…" at once, and the
  // table greyed out once it has taken long, so nothing is typed that the answer would then wipe.
  const proxy = slowDown('r1-proxy');
  proxy.freeze();
  try {
    await save.click();
    await expect(details.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await expect(table.getByLabel('Value of a')).toBeDisabled();
    await expect(details.getByRole('button', { name: 'Discard', exact: true })).toBeDisabled();
  } finally {
    proxy.release();
  }
  await expect(details.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(table.getByLabel('Value of a')).toBeEnabled();
  const keys = table.getByRole('textbox', { name: /^Key of / });
  await expect
    .poll(() => keys.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
    .toEqual(['a', 'c', 'd']);
  await expect(summary).toHaveCount(0);

  // Swift holds the new set, and the header a metadata POST would drop is still there.
  const after = await head(objectPath);
  expect(userMetadata(after, 'x-object-meta-')).toEqual({ a: '10', c: '3', d: '4' });
  expect(after.get('content-disposition')).toBe(DISPOSITION);
  expect(after.get('content-type')).toBe('text/plain');
  // The save cost what it needs and nothing more: no listing read again, no extra HEAD. (Checked
  // after the steps above, so a refetch the save would have started has had time to reach the log.)
  // Only this tenant's account: another client of the shared harness (a benchmark) may be busy too.
  const ours = () => cirrusRequests(REGION, before).filter((r) => r.path.startsWith(`${accountPath}/`));
  await expect.poll(() => ours().length).toBeGreaterThanOrEqual(2);
  expect(ours().map((r) => `${r.method} ${r.path}`)).toEqual([`HEAD ${objectPath}`, `POST ${objectPath}`]);

  // A failed save says why, with the request id, and keeps the person's edits.
  await table.getByLabel('Value of c').fill('33');
  expectStatus(await swiftRequest(REGION, 'DELETE', objectPath, { who }), [204], 'delete object behind the app');
  await save.click();
  const alert = details.getByRole('alert').filter({ hasText: 'Could not save the metadata' });
  await expect(alert).toContainText('Request ID');
  await expect(table.getByLabel('Value of c')).toHaveValue('33');
  await expect(summary.getByRole('listitem')).toHaveText(['Change c from 3 to 33']);
  await checkBothThemes(page, app.host, 'metadata-object-save-failed');
});

test('account and container metadata: add and remove keys, checked through Swift', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const details = detailsOf(page);

  await selectAccount(page);
  const account = details.getByRole('table', { name: 'Account metadata' });
  await expect(account.getByLabel('Value of team')).toHaveValue('docs');
  // The account's figures show once, in the overview beside; the details pane is for its metadata.
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('Bytes used');
  await expect(details).not.toContainText('Bytes used');
  await details.getByRole('button', { name: 'Add row' }).click();
  await account.getByLabel('Key of new row 1').fill('Owner');
  await account.getByLabel('Value of new row 1').fill('scribe');
  // Swift keeps keys in lower case; the summary says what will be stored.
  await expect(details.getByRole('region', { name: 'Changes to save' })).toContainText('Add owner = scribe');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(account.getByLabel('Key of owner')).toHaveValue('owner');
  expect(userMetadata(await head(accountPath), 'x-account-meta-')).toEqual({ team: 'docs', owner: 'scribe' });
  await checkBothThemes(page, app.host, 'metadata-account-saved');

  await account.getByRole('button', { name: 'Remove owner' }).click();
  await expect(details.getByRole('region', { name: 'Changes to save' })).toContainText('Remove owner');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(account.getByLabel('Key of owner')).toHaveCount(0);
  await expect(details.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(userMetadata(await head(accountPath), 'x-account-meta-')).toEqual({ team: 'docs' });

  await selectContainer(page);
  const container = details.getByRole('table', { name: 'Container metadata' });
  await expect(details).toContainText(OTHER_GRANT); // the read ACL, read-only
  await details.getByRole('button', { name: 'Add row' }).click();
  await container.getByLabel('Key of new row 1').fill('color');
  await container.getByLabel('Value of new row 1').fill('blue');
  // Discard restores what Swift holds.
  await details.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(container.getByRole('textbox')).toHaveCount(0);
  await details.getByRole('button', { name: 'Add row' }).click();
  await container.getByLabel('Key of new row 1').fill('color');
  await container.getByLabel('Value of new row 1').fill('blue');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(container.getByLabel('Value of color')).toHaveValue('blue');
  expect(userMetadata(await head(containerPath), 'x-container-meta-')).toEqual({ color: 'blue' });

  await container.getByLabel('Value of color').fill('green');
  await expect(details.getByRole('region', { name: 'Changes to save' })).toContainText(
    'Change color from blue to green',
  );
  // Enter in a field saves a valid draft.
  await container.getByLabel('Value of color').press('Enter');
  await expect(details.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(userMetadata(await head(containerPath), 'x-container-meta-')).toEqual({ color: 'green' });
  await checkBothThemes(page, app.host, 'metadata-container-saved');
});

test('public read: on lets anyone read through the URL shown, off makes it private again', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  await selectContainer(page);
  const details = detailsOf(page);
  const publicRead = details.getByRole('switch', { name: 'Public read' });
  const anonymousGet = (url: string) => fetch(url).then(async (r) => ({ status: r.status, text: await r.text() }));

  await expect(publicRead).toHaveAttribute('aria-checked', 'false');
  await expect(details).toContainText('Anyone with the link can read objects and list this container');
  expect((await anonymousGet(`${HARNESS.regions[REGION].proxy}${objectPath}`)).status).toBe(401);

  // Turning it on asks once, saying what it means; Cancel leaves the container private.
  await publicRead.click();
  const ask = page.getByRole('alertdialog', { name: /^Make “.+” public\?$/ });
  await expect(ask).toContainText('Anyone who has the address can then list this container and read every object');
  await checkBothThemes(page, app.host, 'metadata-public-confirm');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(publicRead).toHaveAttribute('aria-checked', 'false');
  expect((await head(containerPath)).get('x-container-read')).toBe(OTHER_GRANT);
  await publicRead.click();
  await ask.getByRole('button', { name: 'Make public' }).click();
  await expect(publicRead).toHaveAttribute('aria-checked', 'true');
  const url = details.getByRole('textbox', { name: 'Public URL' });
  const expected = `${HARNESS.regions[REGION].proxy}${containerPath}/`;
  await expect(url).toHaveValue(expected);
  await checkBothThemes(page, app.host, 'metadata-public-on');

  // Anyone, with no token at all, reads the object and lists the container through the URL shown.
  const shown = await url.inputValue();
  const object = await anonymousGet(`${shown}${OBJECT}`);
  expect(object).toEqual({ status: 200, text: BODY });
  expect((await anonymousGet(shown)).text.split('\n')).toContain(OBJECT);
  const read = (await head(containerPath)).get('x-container-read') ?? '';
  expect(read.split(',').sort()).toEqual(['.r:*', '.rlistings', OTHER_GRANT].sort());

  // The object's own details show its public address too, and it opens with no token.
  await page.getByRole('grid', { name: 'Objects' }).getByText(OBJECT, { exact: true }).click();
  const objectUrl = details.getByRole('textbox', { name: 'Public URL' });
  await expect(objectUrl).toHaveValue(`${expected}${OBJECT}`);
  expect(await anonymousGet(await objectUrl.inputValue())).toEqual({ status: 200, text: BODY });
  await selectContainer(page);

  await publicRead.click();
  await expect(publicRead).toHaveAttribute('aria-checked', 'false');
  await expect(details.getByRole('status').filter({ hasText: 'Private again' })).toBeVisible();
  await expect(url).toHaveCount(0);
  expect((await anonymousGet(`${shown}${OBJECT}`)).status).toBe(401);
  expect((await head(containerPath)).get('x-container-read')).toBe(OTHER_GRANT);
  await checkBothThemes(page, app.host, 'metadata-public-off');
});
