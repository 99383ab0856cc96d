import { describe, expect, it } from 'vitest';
import { codeForStatus, StorageError, toAppError } from './errors';
import { errorFromResponse } from './http';

describe('error codes', () => {
  it('gives each HTTP status class a code the UI can act on', () => {
    expect([401, 403, 404, 409, 408, 413, 429, 500, 503, 400, 422].map(codeForStatus)).toEqual([
      'auth_failed',
      'forbidden',
      'not_found',
      'conflict',
      'timeout',
      'limit_exceeded',
      'limit_exceeded',
      'server',
      'server',
      'invalid_input',
      'invalid_input',
    ]);
  });

  it('keeps status and request id, and strips HTML from the service body', () => {
    const res = {
      status: 404,
      headers: new Headers(),
      text: '<html><h1>Not Found</h1><p>The resource could not be found.</p></html>',
      requestId: 'tx123',
    };
    const error = errorFromResponse(res, 'Reading container "a"').toAppError();
    expect(error).toEqual({
      code: 'not_found',
      status: 404,
      requestId: 'tx123',
      message: 'Reading container "a" failed: it does not exist (Not Found The resource could not be found.).',
    });
  });

  it('never passes an unexpected exception through to the renderer', () => {
    expect(toAppError(new Error('secret path /home/me/token'))).toEqual({
      code: 'unexpected',
      message: 'Something went wrong inside Cirrus. Please try again.',
    });
    expect(toAppError(new StorageError('cancelled', 'The operation was cancelled.'))).toEqual({
      code: 'cancelled',
      message: 'The operation was cancelled.',
    });
  });
});
