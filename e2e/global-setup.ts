import { bundle } from '../build/bundle';
import { buildChromiumPreload } from './chromium/build-preload';
import { chosenHost } from './host';
import { startHarness } from './swift/harness';

export default async function globalSetup(): Promise<void> {
  await Promise.all([bundle().then(buildChromiumPreload), startHarness()]);
  console.log(`e2e host: ${chosenHost()}`);
}
