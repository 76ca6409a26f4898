// Infinite scroll: the next page of a list, put at its end. app.js imports this as the end of the
// list nears, and asks again for each page after. A page that fails shows why, with a Retry
// button, and the list never silently ends.
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
export async function load(list, more, { parse, watchMore }) {
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
    if (next) { more.href = next.href; more.textContent = "Load more"; watchMore(); }
    else more.remove();
  } catch (error) {
    // No automatic retries: the user decides, so a failing GitHub is not asked in a loop.
    more.textContent = "Load more";
    showLoadError(more, error.message, () => { load(list, more, { parse, watchMore }); });
  }
}
