"use strict";
(() => {
  const wide = window.matchMedia("(min-width: 900px)");
  // Scripts only some pages use are loaded when one is shown (a detail in the pane, a change made
  // offline): the script tag names their addresses (`data-offline`, `data-star`).
  const later = document.currentScript?.dataset || {};
  const loading = {};
  const need = (name) => loading[name] ||= new Promise((resolve) => {
    const src = later[name];
    if (!src || [...document.scripts].some((script) => script.getAttribute("src") === src)) return resolve();
    const script = document.createElement("script");
    script.src = src;
    script.onload = script.onerror = resolve;
    document.head.append(script);
  });
  const detailScripts = () => Promise.all([need("offline"), need("star")]);
  try { if (localStorage.getItem("starscope-offline-queue")) need("offline"); } catch (e) { /* no storage: nothing queued */ }
  const parse = (text) => new DOMParser().parseFromString(text, "text/html");
  const get = (url) => fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" }).then((r) => {
    if (!r.ok && r.status !== 404 && r.status !== 503) throw new Error(String(r.status));
    return r.text();
  });

  // Infinite scroll: load the next page as the end of the list nears. A page that fails shows
  // why, with a Retry button, and the list never silently ends.
  const key = (row) => row.dataset.repo || row.dataset.login;
  const rowsIn = (root) => root.querySelectorAll(".list-pane .repo-list > li, .list-pane .people-list > li");
  function showLoadError(more, message, retry) {
    const box = document.createElement("div");
    box.className = "load-error";
    box.setAttribute("role", "alert");
    const text = document.createElement("p");
    text.textContent = message;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Retry";
    button.addEventListener("click", () => { box.remove(); retry(); });
    box.append(text, button);
    more.before(box);
  }
  function watchMore() {
    const more = document.querySelector("a.load-more[rel=next]");
    const list = document.querySelector(".list-pane .repo-list, .list-pane .people-list");
    if (!more || !list || !("IntersectionObserver" in window)) return;
    let loading = false;
    const load = async () => {
      if (loading) return;
      loading = true;
      more.textContent = "Loading…";
      try {
        let response;
        try {
          response = await fetch(more.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
        } catch (e) {
          throw new Error("Starscope could not be reached to load more. Check the connection, then retry.");
        }
        const doc = parse(await response.text());
        if (!response.ok) {
          const reason = doc.querySelector(".error-state p")?.textContent?.trim();
          throw new Error(reason || "The next page could not be loaded.");
        }
        const seen = new Set([...list.children].map(key));
        // Each page loaded says where it starts, as page 3 does when opened on its own.
        const page = new URL(more.href, location.href).searchParams.get("page");
        if (page && rowsIn(doc).length) {
          const mark = document.createElement("li");
          mark.className = "page-mark";
          mark.dataset.pageMark = page;
          mark.textContent = "Page " + page;
          list.append(mark);
        }
        for (const row of rowsIn(doc)) {
          if (!seen.has(key(row))) list.append(document.importNode(row, true));
        }
        const next = doc.querySelector("a.load-more[rel=next]");
        observer.disconnect();
        if (next) { more.href = next.href; more.textContent = "Load more"; loading = false; watchMore(); }
        else more.remove();
      } catch (error) {
        // No automatic retries: the user decides, so a failing GitHub is not asked in a loop.
        observer.disconnect();
        more.textContent = "Load more";
        loading = false;
        showLoadError(more, error.message, () => { load(); });
      }
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load();
    }, { rootMargin: "600px 0px" });
    observer.observe(more);
  }

  // Wide screens: a chosen row opens beside the list it came from; the list keeps its scroll
  // position, the URL follows, focus moves into the detail, and Escape or Back closes it.
  const split = () => document.querySelector(".split");
  const markSelected = (repo) =>
    document.querySelectorAll(".list-pane .repo-row").forEach((row) => row.classList.toggle("is-selected", row.dataset.repo === repo));
  // Without a detail the list takes the width; beside one it narrows, and its rows grow taller.
  // The chosen row stays in view either way.
  function keepInView(repo) {
    if (!wide.matches) return;
    const row = [...document.querySelectorAll(".list-pane .repo-row")].find((r) => r.dataset.repo === repo);
    const box = row?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > innerHeight)) row.scrollIntoView({ block: "center" });
  }
  async function showDetail(url, push) {
    const pane = document.querySelector(".detail-pane");
    if (!pane) { location.href = url; return; }
    try {
      // The detail is shown as soon as its first part arrives; the README, releases and
      // contributors that the server sends after it are filled in when they come.
      const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      if (!response.ok && response.status !== 404 && response.status !== 503) throw new Error(String(response.status));
      let shown = false;
      const show = (text, first) => {
        const doc = parse(text);
        const fresh = doc.querySelector(".detail-pane");
        if (!fresh) return false;
        pane.innerHTML = fresh.innerHTML;
        if (!first) return true;
        split()?.classList.add("has-detail");
        document.title = doc.title;
        const repo = pane.querySelector("[data-detail]")?.dataset.detail;
        markSelected(repo);
        keepInView(repo);
        if (push) history.pushState({ detail: repo }, "", url);
        pane.scrollTop = 0;
        pane.querySelector("#detail-title")?.focus({ preventScroll: true });
        connectLive();
        detailScripts();
        return true;
      };
      let text = "";
      if (response.body && "TextDecoder" in window) {
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          if (!shown && text.includes("<!--sections-->")) shown = show(text, true);
        }
      } else {
        text = await response.text();
      }
      if (!shown) { if (!show(text, true)) location.href = url; }
      else if (split()?.classList.contains("has-detail") && location.href === new URL(url, location.href).href) {
        // Only the sections are added where the marker is: what was pressed or typed in the part
        // already shown (the heart, Star on GitHub, tags) stays as it is now.
        if (!fillSections(pane, text)) show(text, false);
      }
    } catch (e) { location.href = url; }
  }
  // The streamed sections, put in place of the `<!--sections-->` marker of the detail shown.
  function sectionsMarker(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.data === "sections") return node;
    return null;
  }
  function fillSections(pane, text) {
    const here = sectionsMarker(pane);
    const fresh = parse(text).querySelector(".detail-pane");
    const there = fresh && sectionsMarker(fresh);
    if (!here || !there) return false;
    const parts = [];
    for (let node = there.nextSibling; node; node = node.nextSibling) parts.push(document.importNode(node, true));
    here.replaceWith(...parts);
    return true;
  }
  function closeDetail(push) {
    const container = split();
    const pane = document.querySelector(".detail-pane");
    if (!container || !pane || !container.classList.contains("has-detail")) return false;
    const repo = pane.querySelector("[data-detail]")?.dataset.detail;
    container.classList.remove("has-detail");
    pane.replaceChildren();
    keepInView(repo);
    if (container.dataset.title) document.title = container.dataset.title;
    if (push) history.pushState({}, "", container.dataset.list);
    markSelected(null);
    const row = [...document.querySelectorAll(".list-pane .repo-row")].find((r) => r.dataset.repo === repo);
    (row?.querySelector("a.repo-link") || document.querySelector(".list-pane h1"))?.focus({ preventScroll: !!row });
    connectLive();
    return true;
  }
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.repo-link");
    if (!link || !wide.matches || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (!link.closest(".split .list-pane")) return;
    event.preventDefault();
    showDetail(link.href, true);
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
    if (location.pathname.startsWith("/repos/") && wide.matches && container) showDetail(location.href, false);
    else if (container && location.pathname + location.search === container.dataset.list) { if (!closeDetail(false)) location.reload(); }
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
        await need("offline");
        if (!document.dispatchEvent(new CustomEvent("starscope:unreachable", { cancelable: true, detail: { form } }))) return;
        throw unreachable;
      }
      // 503: Starscope is there but its database is not; the change waits on this device the same way.
      if (response.status === 503) await need("offline");
      if (response.status === 503 && !document.dispatchEvent(new CustomEvent("starscope:unreachable", { cancelable: true, detail: { form } }))) return;
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
      showAnnotation(result.repo, result.favorite);
      if (!result.favorite && document.querySelector("[data-favorites]")) removedFromFavorites(result.repo, form);
    } catch (e) { form.submit(); }
  });

  // A favourite's tags and note appear in its detail as soon as it is one (as GitHub's "Add to
  // list" does), and go when it is not.
  function showAnnotation(repo, favorite) {
    for (const detail of document.querySelectorAll(".detail[data-detail]")) {
      if (detail.dataset.detail !== repo) continue;
      const annotate = detail.querySelector("details.annotate");
      if (annotate) annotate.hidden = !favorite;
    }
  }

  // Acting in a detail (tags and note, Lists) stays on the detail: the form is sent, and what it
  // changed is put in place from the page it leads to, with no history entry to Back through.
  // offline.js sends tags and notes through here when Starscope can be reached.
  async function sendInPlace(form) {
    const detail = form.closest(".detail[data-detail]");
    const button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: "POST", credentials: "same-origin",
        headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(new FormData(form)),
      });
      const page = parse(await response.text());
      if (!response.ok) {
        // Refused (GitHub down, a bad tag): the server's sentence here, and what was typed kept.
        const reason = page.querySelector(".error-state p, main p")?.textContent?.trim();
        failed(form, button, reason || "That could not be saved: try again.");
        return;
      }
      const fresh = [...page.querySelectorAll(".detail[data-detail]")].find((other) => other.dataset.detail === detail.dataset.detail);
      if (!fresh) { form.submit(); return; }
      for (const part of [".detail-head .fav-form", ".lists-menu", "details.annotate"]) {
        const here = detail.querySelector(part);
        const there = fresh.querySelector(part);
        if (!here || !there) continue;
        if (here.matches("details") && there.matches("details")) there.open = here.open || there.open;
        here.replaceWith(document.importNode(there, true));
      }
      detail.classList.toggle("is-favorite", fresh.classList.contains("is-favorite"));
      const saved = detail.querySelector(selector(form));
      saved?.querySelector("summary")?.focus();
      const line = document.createElement("p");
      line.className = "saved-line";
      line.setAttribute("role", "status");
      line.textContent = "Saved.";
      saved?.querySelector("form")?.append(line);
    } catch (unreachable) {
      // Starscope cannot be reached: say so here rather than leave for the browser's error page.
      failed(form, button, "Starscope cannot be reached: nothing was changed. Try again when you are back online.");
    }
  }
  function failed(form, button, sentence) {
    if (button) button.disabled = false;
    form.querySelector(".saved-line")?.remove();
    const line = document.createElement("p");
    line.className = "saved-line is-error";
    line.setAttribute("role", "alert");
    line.textContent = sentence;
    form.append(line);
  }
  const selector = (form) => form.closest(".lists-menu") ? ".lists-menu" : "details.annotate";
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches(".detail .lists-menu form")) return;
    event.preventDefault();
    sendInPlace(form);
  });
  document.addEventListener("starscope:send", (event) => {
    const form = event.detail?.form;
    if (!form?.closest(".detail[data-detail]")) return;
    event.preventDefault();
    sendInPlace(form);
  });

  // On Favourites, a removed row leaves the list (and the count) with a moment to undo it.
  const count = () => document.querySelector("[data-count]");
  const changeCount = (by) => { const c = count(); if (c) c.textContent = String(Math.max(0, Number(c.textContent) + by)); };
  function removedFromFavorites(repo, form) {
    const row = [...document.querySelectorAll("[data-favorites] .repo-row")].find((r) => r.dataset.repo === repo);
    if (row) row.hidden = true;
    changeCount(-1);
    document.querySelector(".toast")?.remove();
    const toast = document.createElement("div");
    toast.className = "toast";
    toast.setAttribute("role", "status");
    const text = document.createElement("span");
    text.textContent = "Removed " + repo + " from favourites.";
    const undo = document.createElement("button");
    undo.type = "button";
    undo.textContent = "Undo";
    undo.addEventListener("click", async () => {
      const body = new URLSearchParams(new FormData(form));
      body.set("undo", "1");
      let response;
      try {
        response = await fetch(form.action, {
          method: "POST", credentials: "same-origin",
          headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" }, body,
        });
      } catch (unreachable) {
        // Undo brings back what the server kept (tags, note, place): it cannot be done offline.
        text.textContent = "Undo needs Starscope's server, which cannot be reached: press Undo again once it is back.";
        return;
      }
      if (!response.ok) { text.textContent = "Could not undo: reload the page and add it again."; return; }
      for (const b of document.querySelectorAll(".fav-form")) {
        if (b.querySelector("input[name=repo]").value !== repo) continue;
        const button = b.querySelector("button");
        button.setAttribute("aria-pressed", "true");
        const label = "Remove " + repo + " from favourites";
        button.setAttribute("aria-label", label); button.title = label;
        b.closest(".repo-row, .detail")?.classList.add("is-favorite");
      }
      if (row) { row.hidden = false; row.querySelector("a.repo-link")?.focus(); }
      changeCount(1);
      toast.remove();
    });
    toast.append(text, undo);
    document.body.append(toast);
    setTimeout(() => toast.remove(), 10000);
  }

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
    if (event.key === "Escape" && wide.matches && closeDetail(true)) { event.preventDefault(); return; }
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

  // Keyboard help: "?" opens a dialog listing the shortcuts (built here: without a script there
  // are no shortcuts to list). Escape or its Close button closes it, and focus goes back.
  const shortcuts = [
    ["/", "Search this page's list"],
    ["j", "Next row"],
    ["k", "Previous row"],
    ["f", "Add or remove the chosen row's favourite"],
    ["Enter", "Open the chosen row"],
    ["Escape", "Close the side detail or this help"],
    ["?", "Show this help"],
  ];
  let help = null;
  let returnFocus = null;
  function buildHelp() {
    const dialog = document.createElement("dialog");
    dialog.className = "help";
    dialog.setAttribute("aria-labelledby", "help-title");
    const head = document.createElement("div");
    head.className = "help-head";
    const title = document.createElement("h2");
    title.id = "help-title";
    title.textContent = "Keyboard shortcuts";
    const close = document.createElement("button");
    close.type = "button";
    close.className = "help-close";
    close.textContent = "Close";
    close.addEventListener("click", () => dialog.close());
    head.append(title, close);
    const list = document.createElement("dl");
    list.className = "shortcuts";
    for (const [key, action] of shortcuts) {
      const item = document.createElement("div");
      const term = document.createElement("dt");
      const kbd = document.createElement("kbd");
      kbd.textContent = key;
      term.append(kbd);
      const description = document.createElement("dd");
      description.textContent = action;
      item.append(term, description);
      list.append(item);
    }
    dialog.append(head, list);
    // A click on the backdrop (outside the dialog's box) closes it too.
    dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
    dialog.addEventListener("close", () => {
      if (returnFocus?.isConnected) returnFocus.focus();
      returnFocus = null;
    });
    document.body.append(dialog);
    return dialog;
  }
  function toggleHelp() {
    help ??= buildHelp();
    if (help.open) { help.close(); return; }
    returnFocus = document.activeElement;
    help.showModal();
    help.querySelector(".help-close").focus();
  }
  // Capturing on window runs before the page's other shortcuts, so while the help is open the
  // list behind it does not move and Escape closes only the help, not the side detail too.
  window.addEventListener("keydown", (event) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const tag = event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || event.target.isContentEditable) return;
    if (event.key === "?") { event.preventDefault(); event.stopPropagation(); toggleHelp(); return; }
    if (help?.open) event.stopPropagation();
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

  // Star-history charts: the value under the pointer, or under the arrow keys once the chart has
  // focus (Home and End jump to the ends), is read out beside it; without script each column
  // still has its title and the figures below.
  function showColumn(figure, index) {
    const columns = figure.querySelectorAll("rect.hit");
    if (columns.length === 0) return;
    const at = Math.max(0, Math.min(columns.length - 1, index));
    columns.forEach((column, i) => column.classList.toggle("current", i === at));
    figure.dataset.at = String(at);
    const output = figure.parentElement.querySelector("[data-chart-value]");
    if (output) output.textContent = columns[at].dataset.value || "";
  }
  document.addEventListener("keydown", (event) => {
    const figure = event.target.closest && event.target.closest("[data-chart]");
    if (!figure || event.target !== figure) return;
    const count = figure.querySelectorAll("rect.hit").length;
    const at = figure.dataset.at === undefined ? count : Number(figure.dataset.at);
    const moves = { ArrowLeft: at - 1, ArrowRight: figure.dataset.at === undefined ? count - 1 : at + 1, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    showColumn(figure, moves[event.key]);
  });
  document.addEventListener("mouseover", (event) => {
    const column = event.target.closest && event.target.closest("rect.hit");
    const figure = column && column.closest("[data-chart]");
    if (figure) showColumn(figure, Array.prototype.indexOf.call(figure.querySelectorAll("rect.hit"), column));
  });
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
