/** Debian's full browser: the journeys that need what the headless shell lacks (notifications) name it. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** Every journey's browser flags: no sandbox or GPU in the container, and nothing that reaches out to the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
