import type { CDPSession, Page } from "@playwright/test";

/**
 * The "slow phone" profile of the browser tests and of `npm run bench`: a mid-range phone's CPU
 * (4x slower than the machine) on a slow 4G network (Lighthouse's figures: 150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up), both through the DevTools protocol.
 */
export const SLOW_PHONE = {
  viewport: { width: 390, height: 844 },
  cpuSlowdown: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
} as const;

/** Applies the slow-phone CPU and network to `page` (Chromium only). */
export async function throttleLikeASlowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_PHONE.network);
  return cdp;
}
