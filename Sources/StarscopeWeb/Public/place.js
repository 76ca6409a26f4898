"use strict";
// Keep people's place (issue 27, point 3). A list page remembers, for this tab, the rows its
// script loaded and how far it was scrolled; Back from a detail then shows the same rows at the
// same place, also when the browser reloads the page rather than keeping it whole. Without
// script the detail's Back link names the page that holds the row and points at it
// (`/?page=3#repo-OWNER--NAME`).
(() => {
  const store = window.sessionStorage;
  if (!store) return;
  const list = document.querySelector(".list-pane .repo-list, .list-pane .people-list");
  const here = location.pathname + location.search;
  const placeKey = "starscope-place:" + here;
  const openedKey = "starscope-place-opened";
  const read = (key) => { try { return JSON.parse(store.getItem(key) || "null"); } catch (e) { return null; } };
  const write = (key, value) => { try { store.setItem(key, JSON.stringify(value)); } catch (e) { /* full: forget places */ store.clear(); } };
  const key = (row) => row.dataset.repo || row.dataset.login || "";

  function save() {
    if (!list || document.querySelector(".split.has-detail")) return;
    const more = document.querySelector("a.load-more[rel=next]");
    write(placeKey, { rows: list.innerHTML, more: more ? more.getAttribute("href") : null, y: window.scrollY });
  }

  if (list) {
    // The page restores its scroll itself, once its rows are back.
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    const navigation = performance.getEntriesByType?.("navigation")?.[0];
    const saved = navigation?.type === "back_forward" ? read(placeKey) : null;
    if (saved && typeof saved.rows === "string") {
      // Rows this answer has anew (fresher stars and favourites) stand in for their saved copies.
      const fresh = new Map([...list.children].filter(key).map((row) => [key(row), row]));
      const template = document.createElement("template");
      template.innerHTML = saved.rows;
      list.replaceChildren(...[...template.content.children].map((row) => (key(row) && fresh.get(key(row))) || row));
      const more = document.querySelector("a.load-more[rel=next]");
      if (more && saved.more) more.setAttribute("href", saved.more);
      else if (more && !saved.more) more.remove();
      const scroll = () => window.scrollTo(0, Number(saved.y) || 0);
      scroll();
      window.addEventListener("load", scroll, { once: true });
    } else if (location.hash && navigation?.type !== "back_forward") {
      // Back without the tab's history (a shared or no-script link): the row in view.
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView({ block: "center" });
    }
    window.addEventListener("pagehide", save);
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest?.("a.repo-link");
    if (link && list) {
      save();
      write(openedKey, { detail: link.href, list: location.href.split("#")[0] });
      return;
    }
    // On a detail opened from a list in this tab, Back is the browser's Back: the list comes
    // back as it was left (the page that linked here could be page 1 with pages 2 and 3 loaded,
    // while the link names page 3).
    const back = event.target.closest?.("a.back");
    if (!back || event.defaultPrevented || history.length < 2) return;
    const opened = read(openedKey);
    if (opened && opened.detail === location.href.split("#")[0] && opened.list === document.referrer.split("#")[0]) {
      event.preventDefault();
      history.back();
    }
  });

  // Signing out: nothing of the account stays in this tab.
  document.addEventListener("submit", (event) => {
    if (event.target.matches?.("form[action='/signout']")) store.clear();
  });
})();
