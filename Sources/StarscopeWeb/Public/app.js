"use strict";
(() => {
  const wide = window.matchMedia("(min-width: 900px)");
  // Style sheets and scripts only some pages use are loaded when one is shown (a detail in the
  // pane, a change made offline, the keyboard help). ASSETS, their addresses by name, is written
  // before this file as it is served (Assets.swift).
  const later = typeof ASSETS === "object" ? ASSETS : {};
  const loading = {};
  const need = (name) => loading[name] ||= new Promise((resolve) => {
    const src = later[name];
    const sheet = name.endsWith(".css");
    const there = sheet ? [...document.querySelectorAll("link[rel=stylesheet]")].map((link) => link.getAttribute("href")) : [...document.scripts].map((script) => script.getAttribute("src"));
    if (!src || there.includes(src)) return resolve();
    const element = document.createElement(sheet ? "link" : "script");
    if (sheet) { element.rel = "stylesheet"; element.href = src; } else element.src = src;
    element.onload = element.onerror = resolve;
    document.head.append(element);
  });
  const detailAssets = () => Promise.all([need("detail.css"), need("offline.js"), need("star-button.js"), need("detail.js")]);
  try { if (localStorage.getItem("starscope-offline-queue")) need("offline.js"); } catch (e) { /* no storage: nothing queued */ }
  const parse = (text) => new DOMParser().parseFromString(text, "text/html");
  const get = (url) => fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" }).then((r) => {
    if (!r.ok && r.status !== 404 && r.status !== 503) throw new Error(String(r.status));
    return r.text();
  });

  // Infinite scroll: the next page is put at the end of the list as the end nears (more.js,
  // imported then).
  function watchMore() {
    const more = document.querySelector("a.load-more[rel=next]");
    const list = document.querySelector(".list-pane .repo-list, .list-pane .people-list");
    if (!more || !list || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      import(later["more.js"]).then((module) => module.load(list, more, { parse, watchMore }), () => {});
    }, { rootMargin: "600px 0px" });
    observer.observe(more);
  }

  // Wide screens: a chosen row opens beside the list it came from (pane.js, imported when first
  // needed); Escape or Back closes it.
  const split = () => document.querySelector(".split");
  const markSelected = (repo) =>
    document.querySelectorAll(".list-pane .repo-row").forEach((row) => row.classList.toggle("is-selected", row.dataset.repo === repo));
  let opened = null;
  const sidePane = () => opened ||= import(later["pane.js"]).then((module) => module.pane({ wide, parse, split, markSelected, detailAssets, connectLive }));
  const hasDetail = () => !!split()?.classList.contains("has-detail") && !!document.querySelector(".detail-pane");
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.repo-link");
    if (!link || !wide.matches || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (!link.closest(".split .list-pane")) return;
    event.preventDefault();
    sidePane().then((p) => p.show(link.href, true), () => { location.href = link.href; });
  });
  // Phones: "Back to the list" returns to the very list it came from, scroll position and all.
  document.addEventListener("click", (event) => {
    const back = event.target.closest("a.back");
    if (!back || !document.referrer) return;
    try {
      const from = new URL(document.referrer);
      const target = new URL(back.href);
      if (from.origin === location.origin && from.pathname + from.search === target.pathname + target.search && history.length > 1) {
        event.preventDefault();
        history.back();
      }
    } catch (e) { /* a malformed referrer: follow the link */ }
  });
  window.addEventListener("popstate", () => {
    const container = split();
    const reload = () => location.reload();
    if (location.pathname.startsWith("/repos/") && wide.matches && container) sidePane().then((p) => p.show(location.href, false), reload);
    else if (container && location.pathname + location.search === container.dataset.list && hasDetail()) sidePane().then((p) => p.close(false), reload);
    else location.reload();
  });

  // Signing out (Settings, or any form that ends a session): the service worker drops every saved
  // page of this account as the form goes; the server's answer (Clear-Site-Data) clears the rest.
  document.addEventListener("submit", (event) => {
    if (event.target.matches("form[action='/signout']")) navigator.serviceWorker?.controller?.postMessage({ type: "forget" });
  });

  // Favourite toggles without leaving the page.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches(".fav-form")) return;
    event.preventDefault();
    try {
      let response;
      try {
        response = await fetch(form.action, {
          method: "POST", credentials: "same-origin",
          headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(new FormData(form)),
        });
      } catch (unreachable) {
        // Starscope cannot be reached: offline.js queues the change (and cancels this event)
        // rather than leaving for the browser's error page.
        await need("offline.js");
        if (!document.dispatchEvent(new CustomEvent("starscope:unreachable", { cancelable: true, detail: { form } }))) return;
        throw unreachable;
      }
      // 503: Starscope is there but its database is not; the change waits on this device the same way.
      if (response.status === 503) {
        await need("offline.js");
        if (!document.dispatchEvent(new CustomEvent("starscope:unreachable", { cancelable: true, detail: { form } }))) return;
      }
      if (!response.ok) { form.submit(); return; }
      const result = await response.json();
      for (const button of document.querySelectorAll(".fav-form")) {
        if (button.querySelector("input[name=repo]").value !== result.repo) continue;
        const b = button.querySelector("button");
        b.setAttribute("aria-pressed", String(result.favorite));
        const label = (result.favorite ? "Remove " : "Add ") + result.repo + (result.favorite ? " from favourites" : " to favourites");
        b.setAttribute("aria-label", label); b.title = label;
        button.closest(".repo-row, .detail")?.classList.toggle("is-favorite", result.favorite);
      }
      // detail.js shows or hides the detail's tags and note; favorites.js lets a removed row go.
      document.dispatchEvent(new CustomEvent("starscope:favorite", { detail: { repo: result.repo, favorite: result.favorite, form } }));
    } catch (e) { form.submit(); }
  });

  // A list's menus (language, sort) apply as soon as they change.
  for (const select of document.querySelectorAll(".filters select")) select.addEventListener("change", (event) => event.target.form.submit());

  // Pull to refresh on touch screens: the list is fetched again and swapped in place, with a
  // spinner, and no reload (so no white flash).
  let startY = null;
  const pane = document.querySelector(".list-pane");
  const pullText = pane?.querySelector(".pull-text");
  window.addEventListener("touchstart", (e) => { startY = window.scrollY === 0 ? e.touches[0].clientY : null; }, { passive: true });
  window.addEventListener("touchmove", (e) => {
    if (startY === null || !pane || pane.classList.contains("refreshing")) return;
    const pulled = e.touches[0].clientY - startY > 70;
    pane.classList.toggle("pulling", pulled);
    if (pullText) pullText.textContent = pulled ? "Release to refresh" : "Pull to refresh";
  }, { passive: true });
  window.addEventListener("touchend", () => {
    startY = null;
    if (!pane?.classList.contains("pulling")) return;
    pane.classList.remove("pulling");
    refreshList();
  });
  async function refreshList() {
    if (!pane) return;
    pane.classList.add("refreshing");
    if (pullText) pullText.textContent = "Refreshing…";
    try {
      const response = await fetch(location.href, { headers: { Accept: "text/html" }, credentials: "same-origin", cache: "no-store" });
      const doc = parse(await response.text());
      const fresh = doc.querySelector(".list-pane");
      if (fresh) {
        for (const part of pane.querySelectorAll(":scope > :not(.pull-indicator)")) part.remove();
        for (const part of fresh.querySelectorAll(":scope > :not(.pull-indicator)")) pane.append(document.importNode(part, true));
        const banner = document.querySelector(".banner[role=status]");
        const freshBanner = doc.querySelector(".banner[role=status]");
        if (banner && freshBanner) { banner.hidden = freshBanner.hidden; banner.textContent = freshBanner.textContent; }
        markSelected(document.querySelector(".detail-pane [data-detail]")?.dataset.detail);
        watchMore();
      }
    } catch (e) {
      const banner = document.querySelector(".banner[role=status]");
      if (banner) { banner.hidden = false; banner.textContent = "Could not refresh: Starscope cannot be reached."; }
    } finally {
      pane.classList.remove("refreshing");
      if (pullText) pullText.textContent = "Pull to refresh";
    }
  }

  // The filter bar shows a hairline once it sticks to the top.
  const bar = document.querySelector(".list-bar");
  if (bar && "IntersectionObserver" in window) {
    const sentinel = document.createElement("div");
    bar.before(sentinel);
    new IntersectionObserver(([entry]) => bar.classList.toggle("stuck", !entry.isIntersecting)).observe(sentinel);
  }

  // Live star counts: the server pushes changes for what this page shows.
  let live = null;
  function connectLive() {
    if (!("EventSource" in window)) return;
    const params = new URLSearchParams();
    // A list that shows no rows (GitHub failed, nothing matched) has no counts to keep live:
    // watching it would spend GitHub's search budget, and store an answer the next load shows
    // in place of the failure it had.
    const list = document.querySelector("[data-live-list]");
    if (list && list.querySelector("[data-repo]")) params.set("list", list.dataset.liveList);
    const detail = document.querySelector(".detail[data-detail]");
    if (detail && detail.querySelector("[data-stars]")) params.set("repo", detail.dataset.detail);
    live?.close();
    live = null;
    if (![...params].length) return;
    live = new EventSource("/live?" + params);
    live.addEventListener("stars", (event) => {
      const update = JSON.parse(event.data);
      for (const holder of document.querySelectorAll("[data-repo]")) {
        if (holder.dataset.repo !== update.repo) continue;
        for (const element of holder.querySelectorAll("[data-stars]")) {
          if (element.closest("[data-repo]") !== holder || element.dataset.stars === String(update.stars)) continue;
          element.dataset.stars = String(update.stars);
          const count = element.querySelector(".count");
          if (count) count.textContent = element.dataset.format === "full" ? update.formatted : update.compact;
          element.classList.add("flash");
          setTimeout(() => element.classList.remove("flash"), 1500);
        }
      }
    });
  }
  window.addEventListener("pagehide", () => live?.close());
  // A page the browser kept whole (Back) watches again.
  window.addEventListener("pageshow", (event) => { if (event.persisted) connectLive(); });

  // Keyboard: "/" searches, j and k move through a list, f toggles a favourite, Enter opens.
  let current = -1;
  const items = () => [...document.querySelectorAll(".list-pane .repo-row, .person-row, .event-row")];
  document.addEventListener("keydown", (event) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (event.key === "Escape" && wide.matches && hasDetail()) { event.preventDefault(); sidePane().then((p) => p.close(true)); return; }
    const tag = event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || event.target.isContentEditable) return;
    const list = items();
    if (event.key === "/") {
      const search = document.querySelector("main input[type=search]") || document.querySelector("#top-search-q");
      if (search) { event.preventDefault(); search.focus(); search.select(); }
    } else if ((event.key === "j" || event.key === "k") && list.length) {
      event.preventDefault();
      list[current]?.classList.remove("keyboard-focus");
      current = Math.max(0, Math.min(list.length - 1, current + (event.key === "j" ? 1 : -1)));
      const row = list[current];
      row.classList.add("keyboard-focus");
      (row.querySelector("a.repo-link, a.person-link, a") || row).focus();
      row.scrollIntoView({ block: "nearest" });
    } else if (event.key === "f") {
      const row = document.activeElement?.closest(".repo-row, .detail");
      const button = row?.querySelector("button.fav");
      if (button) { event.preventDefault(); button.click(); }
    }
  });

  // Keyboard help: "?" loads help.js, which shows it, and from then on answers "?" itself.
  // Capturing on window runs before the page's other shortcuts.
  window.addEventListener("keydown", (event) => {
    if (event.key !== "?" || loading["help.js"] || event.metaKey || event.ctrlKey || event.altKey) return;
    const tag = event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || event.target.isContentEditable) return;
    event.preventDefault();
    event.stopPropagation();
    Promise.all([need("help.css"), need("help.js")]).then(() => document.dispatchEvent(new CustomEvent("starscope:help")));
  }, true);

  // Installable and offline: a service worker keeps visited pages and every favourite.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).then((registration) => {
      if (!document.querySelector("[data-offline-keep]")) return;
      const urls = [location.pathname, ...[...document.querySelectorAll(".repo-row a.repo-link")].map((a) => a.getAttribute("href"))];
      registration.active?.postMessage({ type: "keep", urls });
      navigator.serviceWorker.addEventListener("message", (event) => {
        if (event.data?.type === "kept") document.documentElement.dataset.offlineReady = "true";
      });
    }).catch(() => {});
  }
  // An honest notice when this page is a saved copy because the server cannot be reached, and
  // another once it can be again: the page is still the saved copy until it is loaded anew.
  // One line says it all: what offline.js says waits to be sent (`.sync-status`) stays in it.
  fetch("/healthz", { cache: "no-store" }).catch(() => {
    const banner = document.querySelector(".banner[role=status]");
    if (!banner) return;
    const show = (...nodes) => {
      const waiting = banner.querySelector(".sync-status");
      banner.replaceChildren(...nodes, ...(waiting ? [" ", waiting] : []));
      banner.hidden = false;
    };
    show("Offline — Starscope cannot be reached; this is a saved copy.");
    const back = () => {
      const reload = document.createElement("a");
      reload.href = location.href;
      reload.textContent = "Load it again";
      show("Starscope can be reached again; this page is still the saved copy. ", reload, ".");
    };
    const poll = setInterval(() => {
      fetch("/healthz", { cache: "no-store" }).then((response) => {
        if (!response.ok) return;
        clearInterval(poll);
        back();
      }).catch(() => {});
    }, 3000);
  });

  const selected = document.querySelector(".detail-pane [data-detail]")?.dataset.detail;
  if (selected) markSelected(selected);
  watchMore();
  connectLive();
})();

// Issue 27 point 7, never frozen: a thin bar at the top while the next page loads, since an
// installed app has no browser progress of its own. Links and forms the script above handles (they
// prevent the default) show none.
(() => {
  const bar = document.createElement("div");
  bar.className = "page-progress";
  bar.setAttribute("aria-hidden", "true");
  document.body.append(bar);
  const start = () => {
    bar.classList.remove("running");
    void bar.offsetWidth;
    bar.classList.add("running");
  };
  const stop = () => bar.classList.remove("running");
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || link.target || link.hasAttribute("download") || link.origin !== location.origin) return;
    if (link.pathname === location.pathname && link.search === location.search && link.hash) return;
    start();
  });
  document.addEventListener("submit", (event) => { if (!event.defaultPrevented) start(); });
  window.addEventListener("pageshow", stop);
  window.addEventListener("pagehide", stop);
})();

// Issue 27 point 6, content first on phones: the list's bar tucks away while the list scrolls
// down and comes back as soon as it scrolls up (app.css moves it only on phones); an open fold,
// or focus inside the bar, keeps it. Wide screens open the folds (app.css already shows their
// content, but a closed <details> is hidden from find-in-page and some assistive technology).
(() => {
  const wide = window.matchMedia("(min-width: 900px)");
  const folds = document.querySelectorAll(".filter-fold");
  const unfold = () => { if (wide.matches) for (const fold of folds) fold.open = true; };
  unfold();
  wide.addEventListener("change", unfold);
  const bar = document.querySelector(".list-bar");
  if (!bar) return;
  let last = window.scrollY;
  window.addEventListener("scroll", () => {
    const y = window.scrollY;
    if (Math.abs(y - last) < 6) return;
    const keep = y < last || y < bar.offsetHeight * 2 || bar.contains(document.activeElement) || bar.querySelector("details[open]");
    bar.classList.toggle("tucked", !keep);
    last = y;
  }, { passive: true });
})();
