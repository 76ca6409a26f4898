// Copy buttons (`data-copy="ID"` copies the field ID): shown only where the clipboard can be
// written; without them the field's text can still be selected and copied.
"use strict";
for (const button of document.querySelectorAll("button[data-copy]")) {
  if (!navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const field = document.getElementById(button.dataset.copy);
    const status = button.closest("section")?.querySelector(".copy-status");
    try {
      await navigator.clipboard.writeText(field.value);
      if (status) status.textContent = "Copied the feed address.";
    } catch (e) {
      field.select();
      if (status) status.textContent = "Select the address and copy it.";
    }
  });
}
