import { describe, expect, it } from 'vitest';
import { bareEtag, errorDetail, requestIdOf, statusAndId, withRequestId } from './response-parts';

describe('requestIdOf', () => {
  it("reads Swift's X-Trans-Id first, else the OpenStack request id Keystone sends", () => {
    expect(requestIdOf(new Headers({ 'x-trans-id': 'tx1', 'x-openstack-request-id': 'tx1' }))).toBe('tx1');
    expect(requestIdOf(new Headers({ 'X-Openstack-Request-Id': 'req-9' }))).toBe('req-9');
    expect(requestIdOf(new Headers())).toBeUndefined();
  });

  it('gives a StorageError the id only when there is one', () => {
    expect(withRequestId('tx1')).toEqual({ requestId: 'tx1' });
    expect(withRequestId(undefined)).toEqual({});
    expect(withRequestId('')).toEqual({});
    expect(statusAndId({ status: 404, requestId: 'tx2' })).toEqual({ status: 404, requestId: 'tx2' });
    expect(statusAndId({ status: 500, requestId: undefined })).toEqual({ status: 500 });
  });
});

describe('bareEtag', () => {
  it('drops the quotes Swift puts around large-object ETags', () => {
    expect(bareEtag('"abc"')).toBe('abc');
    expect(bareEtag(' "abc" ')).toBe('abc');
    expect(bareEtag('abc')).toBe('abc');
    expect(bareEtag(null)).toBe('');
    expect(bareEtag(undefined)).toBe('');
  });
});

describe('errorDetail', () => {
  it('strips the HTML of an error page and folds its white space', () => {
    expect(errorDetail('<html><h1>Not Found</h1>\n<p>The resource could not be found.</p></html>')).toBe(
      'Not Found The resource could not be found.',
    );
    expect(errorDetail('  plain\r\n\ttext  ')).toBe('plain text');
    expect(errorDetail('<br/>')).toBe('');
  });

  it('cuts a long body, at 200 characters unless told', () => {
    expect(errorDetail('x'.repeat(500))).toHaveLength(200);
    expect(errorDetail('x'.repeat(500), 300)).toHaveLength(300);
  });
});
