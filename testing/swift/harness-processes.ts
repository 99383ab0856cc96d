// What the harness runs: one spec per process (memcacheds, Swift servers and proxies per region and
// lane, the container updaters, the identity front) with its command, the files whose change
// restarts it, the port it must find free, and how to tell it is ready.
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANES, PORTS, harnessFor, lanePorts, proxyProcess } from './config';
import { PY, REGIONS, SWIFT_CONF, confPath, proxyConfPath } from './harness-configs';
import { httpOk, memcachedOk } from './harness-health';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// Lane 0's state dir: the harness is one whichever test worker starts it.
const STATE = harnessFor(0).stateDir;
// The identity front's code besides identity.ts itself: a change to any of it restarts the process.
const IDENTITY_PARTS = [
  'identity-auth.ts',
  'identity-catalog.ts',
  'identity-http.ts',
  'identity-lanes.ts',
  'identity-tokens.ts',
];

export interface ProcSpec {
  name: string;
  cmd: string;
  args: string[];
  /** Substring of /proc/<pid>/cmdline proving a pid is still ours. */
  marker: string;
  /** Files it reads (configs, code): one newer than its pid file restarts it. */
  configs: string[];
  env?: NodeJS.ProcessEnv;
  /** TCP port it listens on: must be free before it starts. */
  port?: number;
  ready: () => Promise<boolean>;
}

function tsxLoader(): string {
  // Resolve tsx from this package so the identity process works from any cwd.
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

export function procSpecs(): ProcSpec[] {
  const user = os.userInfo().username;
  const memcached = (name: string, port: number): ProcSpec => ({
    name,
    cmd: '/usr/bin/memcached',
    args: ['-l', '127.0.0.1', '-p', String(port), '-U', '0', '-m', '64', '-u', user],
    marker: `-p ${port} `,
    configs: [],
    port,
    ready: () => memcachedOk(port),
  });
  const lanes = Array.from({ length: LANES }, (_, lane) => lane);
  const specs: ProcSpec[] = lanes.map((lane) =>
    memcached(lane ? `memcached-shared-l${lane}` : 'memcached-shared', lanePorts(lane).sharedMemcached),
  );
  // What a test worker starting the harness has in its environment (its lane) is not the harness's.
  const env = { ...process.env };
  for (const lane of [
    'TEST_PARALLEL_INDEX',
    'VITEST_POOL_ID',
    'CIRRUS_SWIFT_LANE_BASE',
    'CIRRUS_SWIFT_LANE_PER_WORKER',
  ])
    delete env[lane];
  const swiftEnv = { ...env };
  delete swiftEnv.PYTHONPATH; // Debian's python3 with its own dist-packages only
  delete swiftEnv.PYTHONHOME;
  const swiftServer = (name: string, server: string, conf: string, port: number): ProcSpec => ({
    name,
    cmd: `/usr/bin/swift-${server}-server`,
    args: [conf],
    marker: conf,
    // swift.conf holds the storage policies: a new one restarts every server.
    configs: [conf, SWIFT_CONF],
    env: swiftEnv,
    port,
    ready: () => httpOk(`http://127.0.0.1:${port}/healthcheck`),
  });
  for (const r of REGIONS) {
    const short = r === 'RegionOne' ? 'r1' : 'r2';
    const p = PORTS.regions[r];
    specs.push(memcached(`${short}-memcached`, p.memcached));
    for (const server of ['account', 'container', 'object'] as const) {
      specs.push(swiftServer(`${short}-${server}`, server, confPath(r, server), p[server]));
    }
    for (const lane of lanes) {
      specs.push(swiftServer(proxyProcess(r, lane), 'proxy', proxyConfPath(r, lane), lanePorts(lane).proxy[r]));
    }
    const conf = confPath(r, 'container');
    specs.push({
      name: `${short}-container-updater`,
      cmd: PY,
      args: [path.join(HERE, 'container_updater_loop.py'), conf],
      marker: `container_updater_loop.py ${conf}`,
      configs: [conf, path.join(HERE, 'container_updater_loop.py')],
      env: swiftEnv,
      ready: async () => true,
    });
  }
  const identity = path.join(HERE, 'identity.ts');
  specs.push({
    name: 'identity',
    cmd: process.execPath,
    args: ['--import', tsxLoader(), identity],
    marker: identity,
    configs: [identity, ...IDENTITY_PARTS.map((f) => path.join(HERE, f)), path.join(HERE, 'config.ts')],
    env: { ...env, CIRRUS_SWIFT_DIR: STATE, NODE_OPTIONS: '' },
    port: PORTS.identity,
    ready: async () =>
      (await Promise.all(lanes.map((lane) => httpOk(`${harnessFor(lane).identityUrl}/__stats`)))).every(Boolean),
  });
  return specs;
}
