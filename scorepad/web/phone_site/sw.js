// scorepad's service worker: the whole phone site precached at install, then served
// from that cache first (the network only for what the cache does not hold). Each build
// has its own cache; a new build installs beside the running one and takes over at the
// next start (the page tells a waiting version to take over before the app boots).
"use strict";

const VERSION = "__VERSION__";
const CACHE = "scorepad-phone-" + VERSION;
const COMMON = __COMMON__;
const RENDERERS = __RENDERERS__;
const params = new URL(self.location.href).searchParams;
// A page of a build before the renderer's choice named CanvasKit's variant instead
// ("canvaskit=chromium"): this build's page loads skwasm on those browsers.
const asked = params.get("renderer")
  || (params.get("canvaskit") === "chromium" ? "skwasm" : params.get("canvaskit"));
const variant = asked in RENDERERS ? asked : "full";
const PAGE = "index.html";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "reload": from the network, never from the HTTP cache of an older build.
    await cache.addAll(COMMON.concat(RENDERERS[variant])
      .map((path) => new Request(path, {cache: "reload"})));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("scorepad-phone-") && name !== CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") {
    self.skipWaiting();
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const scope = self.registration.scope;
  if (!request.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (request.mode === "navigate") {
      const page = await cache.match(PAGE);
      if (page) return page;
      return fetch(request);
    }
    const hit = await cache.match(request, {ignoreSearch: true});
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      await cache.put(request, response.clone());
    }
    return response;
  })());
});
