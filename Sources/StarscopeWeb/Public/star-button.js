// "Star on GitHub" on a repository's detail, in place: the button says Star or Starred with
// GitHub's count, and the line under it what the press did (or why it could not be done).
// Without this script the form posts and comes back to the detail, which says the same.
"use strict";
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!form.matches(".star-form")) return;
  event.preventDefault();
  const button = form.querySelector("button");
  const status = form.querySelector(".star-outcome");
  const wanted = form.querySelector("input[name=starred]");
  button.disabled = true;
  try {
    const response = await fetch(form.action, {
      method: "POST", credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(new FormData(form)),
    });
    const result = await response.json();
    status.classList.toggle("is-error", result.failed);
    status.setAttribute("role", result.failed ? "alert" : "status");
    status.textContent = result.message;
    if (result.failed) return;
    wanted.value = result.starred ? "false" : "true";
    button.dataset.starredOnGithub = String(result.starred);
    button.querySelector(".star-state").textContent = (result.starred ? "★ Starred" : "☆ Star") + " on GitHub";
    const count = button.querySelector(".star-count");
    if (count && typeof result.stars === "number") {
      count.textContent = result.compact;
      count.title = result.label;
    }
  } catch (e) {
    // The server could not be reached (offline): say so here rather than leave the page.
    status.classList.add("is-error");
    status.setAttribute("role", "alert");
    status.textContent = "Starscope cannot be reached: try again when you are back online.";
  } finally {
    button.disabled = false;
  }
});
