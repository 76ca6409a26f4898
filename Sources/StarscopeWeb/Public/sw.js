"use strict";
// Two caches: the shell (the app's own files: nobody's data) and the pages this browser saw.
// Saved pages belong to whoever was signed in, so they go when the session ends: on signing out
// (the server's Clear-Site-Data, and the sign-out form's message) and whenever an answer shows
// there is no session any more (the sign-in page, or a 401), so after a session ends no page of
// that account opens from here, online or off.
// The server puts SHELL_FILES (the app's own files at the addresses pages use, and `/offline`)
// and SHELL_VERSION before this script.
const SHELL = "starscope-shell-" + SHELL_VERSION;
const PAGES = "starscope-pages-v4";
// Stored at install too, with the pages (it is the signed-in account's), so that an offline
// launch opens on New & popular rather than on a notice.
const START = "/";

// Bumped each time the saved pages are dropped: a copy fetched before that is not stored after it.
let generation = 0;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES))
      .then(() => store([START], generation))
      .then(() => self.skipWaiting())
  );
});

// Fetches `urls` with this browser's session and keeps what answers as a page of the account;
// an answer showing the session is over drops every saved page instead.
function store(urls, seen) {
  return caches.open(PAGES).then((cache) =>
    Promise.all(urls.map((url) => fetch(url, { credentials: "same-origin" }).then((response) => {
      if (showsSignedOut(response)) return forget();
      return response.ok && !response.redirected && seen === generation ? cache.put(url, response) : null;
    }).catch(() => null))));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL && key !== PAGES).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

function forget() {
  generation += 1;
  return caches.delete(PAGES);
}

// The answer of a browser without a session: the sign-in page, or 401 (feeds).
function showsSignedOut(response) {
  return response.status === 401 || (response.url !== "" && new URL(response.url).pathname === "/signin");
}

// Answers go to the page at once; the copy is stored in the background, unless the answer says
// the session is over, which drops every saved page instead.
function keep(event, request, response) {
  if (showsSignedOut(response)) {
    event.waitUntil(forget());
  } else if (response.ok && response.type === "basic" && !response.redirected) {
    const copy = response.clone();
    const seen = generation;
    event.waitUntil(caches.open(PAGES).then((cache) => (seen === generation ? save(cache, request, copy, seen) : null)));
  }
  return response;
}

// Stores a copy, unless it is a page whose content could not be had (GitHub failed, after the
// frame went or before): that would replace a good saved copy with an error.
async function save(cache, request, copy, seen) {
  if (!(copy.headers.get("Content-Type") || "").startsWith("text/html")) return cache.put(request, copy);
  const text = await copy.text();
  if (text.includes('class="error-state"') || seen !== generation) return null;
  // The body is decoded now: the encoding and length of the answer on the wire no longer hold.
  const headers = new Headers(copy.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return cache.put(request, new Response(text, { status: copy.status, statusText: copy.statusText, headers }));
}

async function offlinePage() {
  const page = await caches.match(SHELL_FILES[SHELL_FILES.length - 1], { cacheName: SHELL });
  if (page) return new Response(page.body, { status: 503, headers: page.headers });
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'><title>Offline · Starscope</title>" +
    "<link rel=stylesheet href=/assets/app.css><main><div class=banner role=status>Offline — this page was not saved on this device.</div>" +
    "<p><a href=/favorites>Your favourites</a> are kept for offline use while you are signed in.</p></main>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Live streams and the health check always go to the server, never to the cache.
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname === "/healthz" || url.pathname === "/live" || request.headers.get("Accept") === "text/event-stream") return;
  if (url.pathname.startsWith("/assets/") || url.pathname === "/manifest.webmanifest") {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((response) => keep(event, request, response))));
    return;
  }
  if (url.pathname === "/avatar") {
    event.respondWith(caches.match(request, { cacheName: PAGES }).then((hit) => hit || fetch(request).then((response) => keep(event, request, response))));
    return;
  }
  event.respondWith(
    fetch(request)
      .then((response) => keep(event, request, response))
      .catch(async () =>
        (await caches.match(request, { cacheName: PAGES })) ||
        // A repository's saved detail answers for it beside any list (`?from=…` differs).
        (url.pathname.startsWith("/repos/") && (await caches.match(request, { cacheName: PAGES, ignoreSearch: true }))) ||
        offlinePage())
  );
});

self.addEventListener("message", (event) => {
  // The sign-out form is being sent: drop every saved page now.
  if (event.data && event.data.type === "forget") {
    event.waitUntil(forget());
    return;
  }
  // The favourites page sends the addresses to keep: itself and every favourite's detail (and
  // the start page, dropped with the rest when a session ended).
  const urls = event.data && event.data.type === "keep" ? event.data.urls : [];
  event.waitUntil(
    store(urls.includes(START) ? urls : [...urls, START], generation)
      .then(() => event.source && event.source.postMessage({ type: "kept", count: urls.length }))
  );
});
