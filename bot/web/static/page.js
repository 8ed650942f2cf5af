// A game's page: the slider over every step (arrow keys move it), and live updates
// from the server's event stream. No framework: the page works without it too.
(function () {
  "use strict";
  const slider = document.getElementById("step-slider");
  const live = document.getElementById("live");
  if (!live) return;
  const token = live.dataset.token;
  const image = document.getElementById("step-image");
  const label = document.getElementById("step-label");
  const lines = document.getElementById("step-lines");
  let shown = slider ? Number(slider.value) : 0;
  let asked = 0;

  function last() { return slider ? Number(slider.max) : 0; }
  // The step asked for last (the slider moves at once; its board may still be loading),
  // so quick presses move one step each.
  function wanted() { return slider ? Number(slider.value) : 0; }

  async function show(step) {
    if (!slider) return;
    step = Math.max(0, Math.min(last(), step));
    slider.value = String(step);
    const mine = ++asked;
    const response = await fetch("/g/" + token + "/step/" + step + ".json");
    if (!response.ok || mine !== asked) return;
    const data = await response.json();
    image.src = data.image;
    image.alt = data.alt;  // the board's caption, as the channel's image has it
    label.textContent = data.label;
    lines.replaceChildren(...data.html.map(function (html) {
      const item = document.createElement("li");
      item.innerHTML = html;  // the server's own markup: names isolated, times written out
      return item;
    }));
    shown = step;
  }

  if (slider) {
    slider.addEventListener("input", function () { show(Number(slider.value)); });
    document.getElementById("step-prev").addEventListener("click", function () { show(wanted() - 1); });
    document.getElementById("step-next").addEventListener("click", function () { show(wanted() + 1); });
    document.addEventListener("keydown", function (event) {
      if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowLeft") { show(wanted() - 1); event.preventDefault(); }
      if (event.key === "ArrowRight") { show(wanted() + 1); event.preventDefault(); }
    });
  }

  async function refresh(data) {
    const response = await fetch("/g/" + token + "/live");
    if (!response.ok) return;
    live.innerHTML = await response.text();
    if (slider && data.last !== null && data.last !== undefined) {
      const following = shown === last();
      slider.max = String(data.last);
      if (following) show(data.last);
    } else if (!slider && data.last !== null) {
      location.reload();  // the game started: the board appears
    }
  }

  if (window.EventSource) {
    const events = new EventSource("/g/" + token + "/events");
    events.addEventListener("step", function (event) {
      const data = JSON.parse(event.data);
      const status = document.getElementById("status");
      if (data.mark !== status.dataset.mark) refresh(data);
    });
  }
}());
