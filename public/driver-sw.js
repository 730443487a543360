/*
 * The driver app's service worker (issue 40; decision 0070), registered by the /driver pages with
 * scope "/driver" (it is served from the site root, so that scope covers /driver itself and
 * /driver/stops/...). Small and hand-written on purpose:
 *
 * - Pages of the driver app (/driver, /driver/stops/N) and their route data (.data): network
 *   first; a good answer is kept in the cache "driver-v1", and without signal the kept copy answers.
 * - The built assets (/assets/..., hashed names that never change): the cache first, else the network.
 * - Everything else, and every POST (the sync of queued actions), goes to the network untouched:
 *   actions are kept by the page itself (localStorage) until the store answers them.
 *
 * The pages add their own URL and assets to the same cache when they load (the first load happens
 * before this worker controls the page). A new version of this file changes CACHE to start afresh.
 */
const CACHE = "driver-v1";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith("driver-") && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(request)) || (await cache.match(new URL(request.url).pathname));
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
  else if (url.pathname === "/driver" || url.pathname.startsWith("/driver/") || url.pathname === "/driver.data")
    event.respondWith(networkFirst(request));
});
