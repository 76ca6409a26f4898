"use strict";
// Favourites: a removed row leaves the list (and the count) with a moment to undo it. app.js says
// when a favourite changes.
(() => {
  if (!document.querySelector("[data-favorites]")) return;
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

  document.addEventListener("starscope:favorite", (event) => {
    if (!event.detail.favorite) removedFromFavorites(event.detail.repo, event.detail.form);
  });
})();
