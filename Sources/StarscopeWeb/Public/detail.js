"use strict";
// What a repository's detail does in place, loaded with it (on its page, or by app.js when it shows
// one in the pane).
(() => {
  const parse = (text) => new DOMParser().parseFromString(text, "text/html");

  // A favourite's tags and note appear in its detail as soon as it is one (as GitHub's "Add to
  // list" does), and go when it is not: app.js says when a favourite changes.
  document.addEventListener("starscope:favorite", (event) => {
    const { repo, favorite } = event.detail;
    for (const detail of document.querySelectorAll(".detail[data-detail]")) {
      if (detail.dataset.detail !== repo) continue;
      const annotate = detail.querySelector("details.annotate");
      if (annotate) annotate.hidden = !favorite;
    }
  });

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
