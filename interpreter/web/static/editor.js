// The card editor: checks the YAML as you type (the same checks as `importexport validate`), marks
// the lines with problems, highlights the text (highlight.js) and completes power lines
// (complete.js), and runs examples, saves and tries through the desk's JSON API.
"use strict";
(function () {
  const area = document.getElementById("yaml");
  const gutter = document.getElementById("gutter");
  const shade = document.getElementById("highlight");
  const status = document.getElementById("status");
  const name = document.querySelector(".edit-head b").textContent;
  const given = JSON.parse(document.getElementById("power-words").textContent);
  const words = {keywords: new Set(given.keywords), goods: new Set(given.goods), actions: new Set(given.actions),
                 colours: new Set(given.colours), colourOf: given.colour_of};
  let bad = new Set();
  let problems = [];
  let timer = null;
  let sent = 0;

  async function post(url, body) {
    const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const data = await response.json().catch(() => ({error: "The desk answered with something that is not JSON (status " + response.status + ")."}));
    if (!response.ok && !data.error) data.error = "The desk answered with status " + response.status + ".";
    return data;
  }

  function message(text, cls) {
    const p = document.createElement("p");
    p.className = cls;
    p.textContent = text;
    return p;
  }

  function drawGutter() {
    const lines = area.value.split("\n").length;
    let html = "";
    for (let i = 1; i <= lines; i++) html += bad.has(i) ? `<span class="badline">${i}</span>\n` : `${i}\n`;
    gutter.innerHTML = html;
    gutter.scrollTop = area.scrollTop;
    shade.innerHTML = window.highlightCard(area.value, words, problems);
    shade.scrollTop = area.scrollTop;
    shade.scrollLeft = area.scrollLeft;
  }

  function goTo(line, col) {
    const rows = area.value.split("\n");
    let at = 0;
    for (let i = 0; i < line - 1 && i < rows.length; i++) at += rows[i].length + 1;
    at += Math.max(0, col - 1);
    area.focus();
    area.setSelectionRange(at, at + 1);
    const height = area.scrollHeight / Math.max(1, rows.length);
    area.scrollTop = Math.max(0, (line - 5) * height);
  }

  async function check() {
    const mine = ++sent;
    status.textContent = "checking…";
    const data = await post("/api/check", {text: area.value, name: name});
    if (mine !== sent) return; // a newer check is on its way
    const box = document.getElementById("check");
    if (data.error) {
      box.replaceChildren(message(data.error, "bad"));
      status.textContent = "";
      return;
    }
    box.innerHTML = data.html;
    bad = new Set(data.diagnostics.map(d => d.line));
    problems = data.diagnostics;
    status.textContent = data.ok ? "no problems" : `${data.diagnostics.length} problem${data.diagnostics.length === 1 ? "" : "s"}`;
    status.className = "status " + (data.ok ? "ok" : "bad");
    box.querySelectorAll("a.goto").forEach(a => a.addEventListener("click", e => {
      e.preventDefault();
      goTo(+a.dataset.line, +a.dataset.col);
    }));
    drawGutter();
  }

  window.attachCompletion(area, post);  // before the Tab handler below: Tab takes a completion when a list is open
  area.addEventListener("input", () => {
    drawGutter();
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  });
  area.addEventListener("scroll", () => {
    gutter.scrollTop = area.scrollTop;
    shade.scrollTop = area.scrollTop;
    shade.scrollLeft = area.scrollLeft;
  });
  area.addEventListener("keydown", e => {  // Tab indents with two spaces, as YAML wants
    if (e.key !== "Tab") return;
    e.preventDefault();
    const start = area.selectionStart;
    area.setRangeText("  ", start, area.selectionEnd, "end");
    area.dispatchEvent(new Event("input"));
  });

  document.getElementById("run-examples").addEventListener("click", async () => {
    const box = document.getElementById("examples");
    box.replaceChildren(message("Running…", "note"));
    const data = await post("/api/examples", {text: area.value, name: name});
    if (data.error) box.replaceChildren(message(data.error, "bad"));
    else box.innerHTML = data.html;
  });

  const save = document.getElementById("save");
  if (save) save.addEventListener("click", async () => {
    const box = document.getElementById("save-result");
    const data = await post("/api/save", {text: area.value, path: document.getElementById("save-path").value});
    box.replaceChildren(message(data.error || data.message, data.error ? "bad" : "ok"));
  });

  document.getElementById("try").addEventListener("click", async () => {
    const box = document.getElementById("try-result");
    const bar = document.getElementById("try-progress");
    const count = document.getElementById("try-count");
    const button = document.getElementById("try");
    box.replaceChildren();
    const data = await post("/api/try", {text: area.value, games: document.getElementById("try-games").value,
                                         players: document.getElementById("try-players").value});
    if (data.error) { box.replaceChildren(message(data.error, "bad")); return; }
    button.disabled = true;
    bar.hidden = false;
    bar.max = data.total;
    bar.value = 0;
    const poll = async () => {
      const state = await fetch("/api/try/" + data.id).then(r => r.json());
      if (state.error && !state.finished) { box.replaceChildren(message(state.error, "bad")); button.disabled = false; return; }
      bar.value = state.done;
      count.textContent = `${state.done} / ${state.total} games`;
      if (state.finished) { box.innerHTML = state.html; button.disabled = false; return; }
      setTimeout(poll, 500);
    };
    poll();
  });

  drawGutter();
  check();
})();
