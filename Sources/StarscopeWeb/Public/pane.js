// Wide screens: a chosen row opens beside the list it came from; the list keeps its scroll
// position, the URL follows, focus moves into the detail, and Escape or Back closes it. app.js
// imports this the first time a row is opened beside its list, Back or Forward moves between a
// list and a detail, or Escape closes the detail the page came with.
export function pane({ wide, parse, split, markSelected, detailAssets, connectLive }) {
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
      // The detail is shown as soon as its first part arrives (and its style sheet is there); the
      // README, releases and contributors that the server sends after it are filled in when they come.
      const assets = detailAssets();
      const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      await assets;
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
  return { show: showDetail, close: closeDetail };
}
