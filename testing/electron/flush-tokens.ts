import net from 'node:net';
import { LANE, lanePorts } from '../swift/config';

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
