// Where Debian's Chromium lives and how it is launched here: headless, as root, on a closed network.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);

export function chromiumPath() {
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path));
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
