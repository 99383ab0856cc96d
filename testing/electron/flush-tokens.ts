import net from 'node:net';
import { HARNESS, LANE, lanePorts } from '../swift/config';

/** Makes Swift forget every token of this worker's lane, as a restart of its token memcached would. */
export function flushSharedTokenCache(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(lanePorts(LANE).sharedMemcached, '127.0.0.1', () => socket.write('flush_all\r\n'));
    socket.on('data', (data) => {
      socket.end();
      if (data.toString().startsWith('OK')) resolve();
      else reject(new Error(`memcached said ${data.toString()}`));
    });
    socket.on('error', reject);
  });
}

/** How many tokens the identity front has issued so far: a renewal shows as one more. */
export const tokenRequests = async (): Promise<number> =>
  ((await (await fetch(`${HARNESS.identityUrl}/__stats`)).json()) as { tokenRequests: number }).tokenRequests;
