"use strict";
const SHELL = "starscope-shell-v3";
const PAGES = "starscope-pages-v3";
const SHELL_FILES = ["/assets/app.css", "/assets/app.js", "/assets/icon.svg", "/assets/no-avatar.svg", "/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL && key !== PAGES).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

// Answers go to the page at once; the copy is stored in the background.
function keep(event, request, response) {
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    event.waitUntil(caches.open(PAGES).then((cache) => cache.put(request, copy)));
  }
  return response;
}

async function offlinePage() {
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'><title>Offline · Starscope</title>" +
    "<link rel=stylesheet href=/assets/app.css><main><div class=banner role=status>Offline — this page was not saved on this device.</div>" +
    "<p><a href=/favorites>Your favourites</a> are kept for offline use.</p></main>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Live streams and the health check always go to the server, never to the cache.
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname === "/healthz" || url.pathname === "/live" || request.headers.get("Accept") === "text/event-stream") return;
  if (url.pathname.startsWith("/assets/") || url.pathname === "/avatar" || url.pathname === "/manifest.webmanifest") {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((response) => keep(event, request, response))));
    return;
  }
  event.respondWith(
    fetch(request)
      .then((response) => keep(event, request, response))
      .catch(async () =>
        (await caches.match(request)) ||
        // A repository's saved detail answers for it beside any list (`?from=…` differs).
        (url.pathname.startsWith("/repos/") && (await caches.match(request, { ignoreSearch: true }))) ||
        offlinePage())
  );
});

// The favourites page sends the addresses to keep: itself and every favourite's detail.
self.addEventListener("message", (event) => {
  const urls = event.data && event.data.type === "keep" ? event.data.urls : [];
  event.waitUntil(
    caches.open(PAGES).then((cache) =>
      Promise.all(urls.map((url) => fetch(url, { credentials: "same-origin" }).then((r) => (r.ok ? cache.put(url, r) : null)).catch(() => null)))
    ).then(() => event.source && event.source.postMessage({ type: "kept", count: urls.length }))
  );
});
