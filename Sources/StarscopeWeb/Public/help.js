"use strict";
// Keyboard help, loaded by app.js when "?" is first pressed: a dialog listing the shortcuts (built
// here: without a script there are no shortcuts to list). Escape or its Close button closes it,
// and focus goes back. app.js shows it the first time with a "starscope:help" event; from then on
// "?" is answered here.
(() => {
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
  document.addEventListener("starscope:help", toggleHelp);
})();
