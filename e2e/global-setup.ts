import { bundle } from '../build/bundle';
import { buildChromiumPreload } from './chromium/build-preload';
import { chosenHost } from './host';
import { startHarness } from '../testing/swift/harness';

export default async function globalSetup(): Promise<void> {
  // `npm test` has just built the app (CIRRUS_BUILT); a lone `npm run test:e2e` builds it here.
  const built = process.env.CIRRUS_BUILT === '1' ? Promise.resolve() : bundle();
  await Promise.all([built.then(buildChromiumPreload), startHarness()]);
  console.log(`e2e host: ${chosenHost()}`);
}
