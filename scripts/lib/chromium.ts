// Debian's Chromium, as every browser tool of the project launches it (browser tests, screenshots,
// the first-load bench): never a browser downloaded by a test tool. Running as root needs no
// sandbox; the machines have no GPU; and the closed network refuses Chromium's background traffic.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
