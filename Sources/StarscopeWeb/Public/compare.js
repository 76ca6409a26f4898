"use strict";
// Compare (issue 42, point 8). The box that adds a repository offers, as it is typed, what a
// search of GitHub finds beside the favourites the page already offers; and the chart shown can
// be downloaded as a PNG, drawn from the same self-contained SVG as "Download as SVG", in the
// theme the page is shown in. Without this script the box offers the favourites, and the SVG
// links stay.
(() => {
  const box = document.getElementById("compare-add");
  const offered = document.getElementById("compare-suggestions");
  if (box && offered) {
    const favourites = [...offered.options].map((option) => option.value);
    const offer = (names) => offered.replaceChildren(...names.map((name) => {
      const option = document.createElement("option");
      option.value = name;
      return option;
    }));
    let timer = null;
    let asked = "";
    box.addEventListener("input", () => {
      clearTimeout(timer);
      const text = box.value.trim();
      // A search costs GitHub's search limit: asked once typing pauses, for three letters or more.
      if (text.length < 3 || text === asked || favourites.includes(text)) return;
      timer = setTimeout(async () => {
        asked = text;
        try {
          const response = await fetch("/search?q=" + encodeURIComponent(text), { headers: { Accept: "text/html" }, credentials: "same-origin" });
          if (!response.ok || box.value.trim() !== text) return;
          const page = new DOMParser().parseFromString(await response.text(), "text/html");
          const found = [...page.querySelectorAll(".repo-row[data-repo]")].map((row) => row.dataset.repo).slice(0, 10);
          const lower = text.toLowerCase();
          const mine = favourites.filter((name) => name.toLowerCase().includes(lower));
          offer([...new Set([...mine, ...found, ...favourites])]);
        } catch (e) { /* Starscope cannot be reached: the favourites stay offered */ }
      }, 400);
    });
  }

  const links = document.querySelector(".compare-links");
  const light = links?.querySelector("a[download='star-history.svg']");
  const dark = links?.querySelector("a[download='star-history-dark.svg']");
  if (!light || !dark || !("toBlob" in HTMLCanvasElement.prototype)) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "png-download";
  button.textContent = "Download as PNG";
  links.append(" · ", button);
  const shownDark = () => {
    const theme = document.documentElement.dataset.theme;
    return theme === "dark" || (theme !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const source = shownDark() ? dark : light;
      const text = await (await fetch(source.href, { credentials: "same-origin" })).text();
      let binary = "";
      for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
      const image = new Image();
      image.src = "data:image/svg+xml;base64," + btoa(binary);
      await image.decode();
      // Twice the drawing's size, so it stays sharp on a high-density screen or a slide.
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth * 2;
      canvas.height = image.naturalHeight * 2;
      canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
      if (!blob) throw new Error("no PNG");
      const save = document.createElement("a");
      save.href = URL.createObjectURL(blob);
      save.download = source.getAttribute("download").replace(/\.svg$/, ".png");
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(save.href), 10000);
    } catch (e) {
      button.textContent = "PNG could not be made: download the SVG";
    } finally {
      button.disabled = false;
    }
  });
})();
