import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, forgetSession } from './queryClient';
import { profilesKey, regionScope, sessionKey, transferSettingsKey } from './queryKeys';

describe('forgetSession', () => {
  it('leaves the saved connections loading while it drops the session a second time (a late not_signed_in)', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionKey, { user: 'u' });
    client.setQueryData([...regionScope('R'), 'account'], { objects: 1 });
    // The connections screen starts loading the saved connections…
    let answer: (value: string[]) => void = () => undefined;
    const observer = new QueryObserver(client, {
      queryKey: profilesKey,
      queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)),
    });
    const seen: unknown[] = [];
    const stop = observer.subscribe((result) => seen.push(result.data));
    await Promise.resolve();
    // …while a listing of the old session fails with not_signed_in: the session is forgotten again.
    forgetSession(client);
    answer(['profile']);
    await expect.poll(() => observer.getCurrentResult().data).toEqual(['profile']);
    expect(client.getQueryData(sessionKey)).toBeNull();
    expect(client.getQueryData([...regionScope('R'), 'account'])).toBeUndefined();
    stop();
  });

  it('keeps the transfer settings: they are the app’s, not the session’s', () => {
    const client = createQueryClient();
    client.setQueryData(transferSettingsKey, { streams: 2 });
    forgetSession(client);
    expect(client.getQueryData(transferSettingsKey)).toEqual({ streams: 2 });
  });
});
