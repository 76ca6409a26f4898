"use strict";
// Offline actions (issue 27, point 2). A favourite added or removed, and tags and a note saved,
// while Starscope cannot be reached are kept on this device, shown as "Will sync", and sent when
// it answers again; the page never leaves for the browser's error page. Each change is sent as
// the state wanted (`favorite=1` or `0`; the whole tags and note), so one sent twice changes
// nothing, and it is taken off the queue once the server has answered it. The CSRF token sent is
// the page's at that moment (it is the browser's cookie, which a server restart keeps), or a
// fresh page's if the cookie changed. Signing out drops the queue with the rest of the account.
(() => {
  const QUEUE = "starscope-offline-queue";
  let storage = null;
  try { storage = window.localStorage; } catch (e) { return; }
  if (!storage) return;
  const read = () => {
    try {
      const queue = JSON.parse(storage.getItem(QUEUE) || "[]");
      return Array.isArray(queue) ? queue.filter((item) => item && typeof item.repo === "string") : [];
    } catch (e) { return []; }
  };
  const write = (queue) => {
    try {
      if (queue.length) storage.setItem(QUEUE, JSON.stringify(queue));
      else storage.removeItem(QUEUE);
    } catch (e) { /* storage full or refused: nothing more is kept */ }
  };
  const idOf = (item) => item.kind + " " + item.repo;
  const annotateAction = "/favorites/annotate";
  const toggleAction = "/favorites/toggle";

  // A newer change to the same thing takes the older one's place (so a favourite still goes
  // before the tags given to it).
  function enqueue(item) {
    item.stamp = Date.now() + ":" + Math.random();
    const queue = read();
    const at = queue.findIndex((other) => idOf(other) === idOf(item));
    if (at >= 0) queue[at] = item;
    else queue.push(item);
    write(queue);
    showPending();
    say(pendingSentence(read().length));
    watch();
  }

  // What the page shows: the wanted state on every toggle of the repository, and "Will sync"
  // beside it and beside the annotation form.
  function setFavorite(repo, favorite) {
    for (const form of document.querySelectorAll(".fav-form")) {
      if (form.querySelector("input[name=repo]")?.value !== repo) continue;
      const button = form.querySelector("button");
      if (!button) continue;
      // The heart stays the heart: filled or not by its pressed state, as online.
      button.setAttribute("aria-pressed", String(favorite));
      const label = (favorite ? "Remove " : "Add ") + repo + (favorite ? " from favourites" : " to favourites");
      button.setAttribute("aria-label", label);
      button.title = label;
      form.closest(".repo-row, .detail")?.classList.toggle("is-favorite", favorite);
      const annotate = form.closest(".detail")?.querySelector("details.annotate");
      if (annotate) annotate.hidden = !favorite;
    }
  }
  function formsFor(repo) {
    return [...document.querySelectorAll(`.fav-form, form[action='${annotateAction}']`)]
      .filter((form) => form.querySelector("input[name=repo]")?.value === repo);
  }
  // The saved Favourites page (unfiltered) lists the favourites made since it was saved.
  function listNewFavorites(queue) {
    if (location.pathname !== "/favorites" || location.search) return;
    let list = document.querySelector("ol[data-favorites]");
    for (const item of queue) {
      if (item.kind !== "favorite" || !item.favorite || typeof item.row !== "string") continue;
      if (list?.querySelector(`.repo-row[data-repo="${CSS.escape(item.repo)}"]`)) continue;
      const made = document.createElement("template");
      made.innerHTML = item.row;
      const row = made.content.firstElementChild;
      if (!row || row.tagName !== "LI" || row.querySelector("script")) continue;
      if (!list) {
        list = document.createElement("ol");
        list.className = "repo-list";
        list.dataset.favorites = "";
        const empty = document.querySelector("main .empty-state");
        if (empty) empty.replaceWith(list);
        else continue;
      }
      list.prepend(row);
      const count = document.querySelector("[data-count]");
      if (count) count.textContent = String(Number(count.textContent) + 1);
    }
  }
  function showPending() {
    const queue = read();
    listNewFavorites(queue);
    const pending = new Set(queue.map((item) => item.repo));
    for (const mark of document.querySelectorAll(".will-sync")) {
      if (!pending.has(mark.dataset.syncRepo)) mark.remove();
    }
    for (const item of queue) {
      if (item.kind === "favorite") setFavorite(item.repo, item.favorite);
      for (const form of formsFor(item.repo)) {
        if (item.kind === "annotate" && form.matches(`form[action='${annotateAction}']`)) {
          const tags = form.querySelector("[name=tags]");
          const note = form.querySelector("[name=note]");
          if (tags) tags.value = item.tags;
          if (note) note.value = item.note;
        }
        if (form.nextElementSibling?.classList.contains("will-sync")) continue;
        const mark = document.createElement("span");
        mark.className = "will-sync";
        mark.dataset.syncRepo = item.repo;
        mark.textContent = "Will sync";
        mark.title = "Saved on this device: sent when Starscope can be reached";
        form.after(mark);
      }
    }
  }

  // One line for the whole page, read out as it changes: the page's banner (which app.js also
  // uses to say the page is a saved copy), so two lines never say the same thing.
  function say(text) {
    const banner = document.querySelector(".banner[role=status]");
    if (!banner) return;
    let status = banner.querySelector(".sync-status");
    if (!status) {
      status = document.createElement("span");
      status.className = "sync-status";
      if (banner.hidden) banner.replaceChildren();
      else banner.append(" ");
      banner.append(status);
    }
    status.textContent = text;
    status.hidden = !text;
    banner.hidden = !banner.textContent.trim();
  }
  const pendingSentence = (count) =>
    count === 0 ? "" : count === 1
      ? "1 change saved on this device will sync when Starscope can be reached."
      : `${count} changes saved on this device will sync when Starscope can be reached.`;

  // The favourite toggle's request failed to reach the server (app.js asks first).
  document.addEventListener("starscope:unreachable", (event) => {
    const form = event.detail?.form;
    const repo = form?.querySelector("input[name=repo]")?.value;
    const button = form?.querySelector("button");
    if (!repo || !button) return;
    event.preventDefault();
    const favorite = button.getAttribute("aria-pressed") !== "true";
    // The row as shown, so the saved Favourites page can list a favourite made offline.
    const row = form.closest(".repo-list > li")?.outerHTML;
    enqueue({ kind: "favorite", repo, favorite, row: favorite && row && row.length < 16384 ? row : undefined });
  });

  // Tags and note: sent as usual when the server answers, kept here when it does not.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches?.(`form[action='${annotateAction}']`)) return;
    event.preventDefault();
    // Reachable means `/healthz` says 200: a 503 is Starscope without its database.
    let reachable = true;
    try { reachable = (await fetch("/healthz", { cache: "no-store" })).ok; } catch (e) { reachable = false; }
    // In a detail, detail.js sends it in place (no history entry); elsewhere the form is posted.
    if (reachable) {
      if (document.dispatchEvent(new CustomEvent("starscope:send", { cancelable: true, detail: { form } }))) form.submit();
      return;
    }
    const repo = form.querySelector("input[name=repo]")?.value;
    if (!repo) return;
    enqueue({ kind: "annotate", repo, tags: form.querySelector("[name=tags]")?.value || "", note: form.querySelector("[name=note]")?.value || "" });
  });

  // Signing out: the changes of this account go with it.
  document.addEventListener("submit", (event) => {
    if (event.target.matches?.("form[action='/signout']")) write([]);
  });

  const csrfOf = (root) => root.querySelector("input[name=csrf]")?.value || "";
  async function freshToken() {
    const response = await fetch(location.pathname + location.search, { headers: { Accept: "text/html" }, credentials: "same-origin", cache: "no-store" });
    if (new URL(response.url || location.href).pathname === "/signin") return null;
    return csrfOf(new DOMParser().parseFromString(await response.text(), "text/html"));
  }
  function send(item, token) {
    const body = new URLSearchParams({ csrf: token, repo: item.repo });
    if (item.kind === "favorite") body.set("favorite", item.favorite ? "1" : "0");
    else { body.set("tags", item.tags); body.set("note", item.note); }
    return fetch(item.kind === "favorite" ? toggleAction : annotateAction, {
      method: "POST", credentials: "same-origin", redirect: "manual",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" }, body,
    });
  }
  const done = (item) => write(read().filter((other) => other.stamp !== item.stamp));

  async function replay() {
    if (!read().length) return;
    try { if (!(await fetch("/healthz", { cache: "no-store" })).ok) return; } catch (e) { return; }
    let token = csrfOf(document);
    let sent = 0;
    const what = [];
    const refused = [];
    for (const item of read()) {
      let response;
      try {
        response = await send(item, token);
        if (response.status === 403) {
          const fresh = await freshToken();
          if (fresh === null) response = { status: 401 };
          else { token = fresh; response = await send(item, token); }
        }
      } catch (e) { break; }
      if (response.status === 401) {
        // The session ended: these changes were its account's, and are not sent to another. The
        // page shows again what the server has.
        for (const dropped of read()) if (dropped.kind === "favorite") setFavorite(dropped.repo, !dropped.favorite);
        write([]);
        showPending();
        say("You were signed out, so the changes made offline were not sent.");
        return;
      }
      if (response.status >= 500) break;
      done(item);
      if (response.ok || response.type === "opaqueredirect") { sent += 1; what.push(describe(item)); }
      else refused.push(item.repo);
    }
    showPending();
    const left = read().length;
    const list = what.length ? ": " + what.join("; ") : "";
    if (left) say(pendingSentence(left));
    else if (refused.length) say(`Sent ${sent} change${sent === 1 ? "" : "s"} made offline${list}; Starscope refused those to ${refused.join(", ")}.`);
    else say(`Sent ${sent} change${sent === 1 ? "" : "s"} made offline${list}.`);
  }
  // What one change was, in words: "added owner/name to favourites".
  const describe = (item) =>
    item.kind === "favorite"
      ? `${item.favorite ? "added" : "removed"} ${item.repo} ${item.favorite ? "to" : "from"} favourites`
      : `saved the tags and note of ${item.repo}`;
  // One tab sends at a time.
  let busy = false;
  async function replayOnce() {
    if (busy) return;
    busy = true;
    try {
      if (navigator.locks) await navigator.locks.request(QUEUE, { ifAvailable: true }, (lock) => (lock ? replay() : null));
      else await replay();
    } finally { busy = false; }
  }
  let timer = null;
  function watch() {
    if (timer || !read().length) return;
    timer = setInterval(() => {
      if (!read().length) { clearInterval(timer); timer = null; return; }
      replayOnce();
    }, 3000);
  }

  if (read().length) { showPending(); say(pendingSentence(read().length)); }
  window.addEventListener("online", replayOnce);
  window.addEventListener("pageshow", (event) => { if (event.persisted) { showPending(); replayOnce(); } });
  replayOnce();
  watch();
})();
