// Against the real Swift harness: objects are written with direct PUTs, then previewed through the storage client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_IMAGE_BYTES, PREVIEW_PDF_BYTES, PREVIEW_TEXT_BYTES } from '../../../shared/object-preview';
import { tinyPdf } from '../../../testing/fixtures/tiny-pdf';
import { HARNESS } from '../../../testing/swift/config';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { openHarnessSession, uniqueName } from '../../../testing/electron/harness-session';
import { previewObject } from './preview';
import type { StorageSession } from '../session';

const REGION = 'RegionOne';
const C = uniqueName('preview');
const path = (o = '') => `/v1/${HARNESS.users.admin.account}/${C}${o ? `/${o}` : ''}`;
// The 8-byte PNG signature and a header: enough for the type; the preview does not decode images.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const PDF = tinyPdf(['Hello PDF']);
const OBJECTS = [
  'notes.txt',
  'data.json',
  'big.log',
  'logo.png',
  'huge.png',
  'blob.bin',
  'empty.txt',
  'guide.pdf',
  'huge.pdf',
];

async function put(name: string, body: string | Uint8Array, contentType: string): Promise<void> {
  const res = await swiftRequest(REGION, 'PUT', path(name), { body, headers: { 'content-type': contentType } });
  expect(res.status, name).toBe(201);
}

let session: StorageSession;
beforeAll(async () => {
  session = await openHarnessSession();
  expect((await swiftRequest(REGION, 'PUT', path())).status).toBe(201);
  await put('notes.txt', 'héllo\nworld', 'text/plain; charset=utf-8');
  await put('data.json', '{"a":1}', 'application/json');
  await put('big.log', 'x'.repeat(PREVIEW_TEXT_BYTES + 10), 'text/plain');
  await put('logo.png', PNG, 'image/png');
  await put('huge.png', new Uint8Array(PREVIEW_IMAGE_BYTES + 1), 'image/png');
  await put('blob.bin', 'binary', 'application/octet-stream');
  await put('empty.txt', '', 'text/plain');
  await put('guide.pdf', PDF, 'application/pdf');
  await put('huge.pdf', new Uint8Array(PREVIEW_PDF_BYTES + 1), 'application/pdf');
});
afterAll(async () => {
  for (const o of OBJECTS) await swiftRequest(REGION, 'DELETE', path(o));
  await swiftRequest(REGION, 'DELETE', path());
});

describe('previewObject against Swift', () => {
  it('reads text and JSON whole, as UTF-8', async () => {
    expect(await previewObject(session, REGION, C, 'notes.txt')).toEqual({
      kind: 'text',
      contentType: 'text/plain; charset=utf-8',
      bytes: 12,
      text: 'héllo\nworld',
      truncated: false,
    });
    expect(await previewObject(session, REGION, C, 'data.json')).toMatchObject({ kind: 'text', text: '{"a":1}' });
  });

  it('reads only the first MiB of a longer text and says it is cut', async () => {
    const preview = await previewObject(session, REGION, C, 'big.log');
    expect(preview).toMatchObject({ kind: 'text', bytes: PREVIEW_TEXT_BYTES + 10, truncated: true });
    expect(preview.kind === 'text' && preview.text.length).toBe(PREVIEW_TEXT_BYTES);
  });

  it('gives an image as a data URL, and says when one is too large', async () => {
    expect(await previewObject(session, REGION, C, 'logo.png')).toEqual({
      kind: 'image',
      contentType: 'image/png',
      bytes: PNG.length,
      dataUrl: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect(await previewObject(session, REGION, C, 'huge.png')).toEqual({
      kind: 'tooLarge',
      contentType: 'image/png',
      bytes: PREVIEW_IMAGE_BYTES + 1,
      limit: PREVIEW_IMAGE_BYTES,
    });
  });

  it('gives a PDF whole for the page to draw, up to its own limit', async () => {
    expect(await previewObject(session, REGION, C, 'guide.pdf')).toEqual({
      kind: 'pdf',
      contentType: 'application/pdf',
      bytes: PDF.length,
      base64: PDF.toString('base64'),
    });
    expect(await previewObject(session, REGION, C, 'huge.pdf')).toEqual({
      kind: 'tooLarge',
      contentType: 'application/pdf',
      bytes: PREVIEW_PDF_BYTES + 1,
      limit: PREVIEW_PDF_BYTES,
    });
  });

  it('says what it cannot show, shows an empty object, and names a missing one', async () => {
    expect(await previewObject(session, REGION, C, 'blob.bin')).toMatchObject({ kind: 'unsupported', bytes: 6 });
    expect(await previewObject(session, REGION, C, 'empty.txt')).toMatchObject({ kind: 'text', text: '', bytes: 0 });
    await expect(previewObject(session, REGION, C, 'nope.txt')).rejects.toMatchObject({ code: 'not_found' });
  });
});
