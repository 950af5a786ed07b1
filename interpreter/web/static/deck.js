// The deck editor: a click on a card adds a copy, − takes one away, the number may be typed; the
// filters show some cards only, as the gallery's do. The deck's counts by good type and by action
// follow each change at once; the deck list it makes is checked by the desk (as `mod check` checks
// the pack) and shown as it would be written, and "Save" writes it into the pack's mod.yaml.
"use strict";
(function () {
  const root = document.getElementById("deck-editor");
  if (!root) return;
  const tiles = [...document.querySelectorAll(".decktile")];
  const filters = document.getElementById("deck-filters");
  const save = document.getElementById("deck-save");
  const result = document.getElementById("deck-result");
  const MAX = 100;
  let version = root.dataset.version;
  let timer = null;
  let sent = 0;
  let ok = false;

  const copiesOf = tile => Number(tile.querySelector("input.n").value) || 0;

  function copies() {
    const out = {};
    for (const tile of tiles) out[tile.dataset.id] = copiesOf(tile);
    return out;
  }

  const changed = () => tiles.some(tile => copiesOf(tile) !== Number(tile.dataset.saved));

  async function post(url, body) {
    const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const data = await response.json().catch(() => ({error: `The desk answered with status ${response.status}.`}));
    if (!response.ok && !data.error) data.error = `The desk answered with status ${response.status}.`;
    return data;
  }

  function line(text, cls) {
    const p = document.createElement("p");
    p.className = cls;
    p.textContent = text;
    return p;
  }

  function count() {
    const goods = {}, actions = {};
    let total = 0;
    for (const tile of tiles) {
      const n = copiesOf(tile);
      total += n;
      goods[tile.dataset.good] = (goods[tile.dataset.good] || 0) + n;
      actions[tile.dataset.action] = (actions[tile.dataset.action] || 0) + n;
      tile.classList.toggle("out", n === 0);
      tile.classList.toggle("more", n > 1);
      tile.classList.toggle("edited", n !== Number(tile.dataset.saved));
    }
    document.getElementById("deck-total").textContent = total;
    for (const row of document.querySelectorAll("#by-good tr[data-good]")) row.querySelector(".n").textContent = goods[row.dataset.good] || 0;
    for (const row of document.querySelectorAll("#by-action tr[data-action]")) row.querySelector(".n").textContent = actions[row.dataset.action] || 0;
  }

  async function check() {
    const mine = ++sent;
    const data = await post("/api/deck/check", {copies: copies()});
    if (mine !== sent) return;
    const box = document.getElementById("deck-check");
    if (data.error) { box.replaceChildren(line(data.error, "bad")); ok = false; }
    else {
      ok = data.ok;
      document.getElementById("deck-yaml").textContent = data.deck;
      if (data.ok) box.replaceChildren(line(`No problems: the pack loads with this deck of ${data.total} cards, as \`importexport mod check\` would say.`, "ok"));
      else {
        const list = document.createElement("ul");
        list.className = "diagnostics";
        for (const problem of data.problems) list.append(Object.assign(document.createElement("li"), {className: "diagnostic", textContent: problem}));
        box.replaceChildren(list);
      }
    }
    if (save) save.disabled = !ok || !changed();
  }

  function changedNow() {
    count();
    if (save) save.disabled = true;
    clearTimeout(timer);
    timer = setTimeout(check, 200);
  }

  function set(tile, n) {
    tile.querySelector("input.n").value = Math.max(0, Math.min(MAX, n));
    changedNow();
  }

  for (const tile of tiles) {
    tile.addEventListener("click", e => {
      if (e.target.closest("input, button")) return;
      set(tile, copiesOf(tile) + 1);
    });
    tile.querySelector(".plus").addEventListener("click", () => set(tile, copiesOf(tile) + 1));
    tile.querySelector(".minus").addEventListener("click", () => set(tile, copiesOf(tile) - 1));
    tile.querySelector("input.n").addEventListener("input", changedNow);
  }

  function shown(tile, wanted) {
    const d = tile.dataset;
    if (wanted.good && d.good !== wanted.good) return false;
    if (wanted.action && d.action !== wanted.action) return false;
    if (wanted.tier && d.tier !== wanted.tier) return false;
    if (wanted.set && d.set !== wanted.set) return false;
    if (wanted.pack && !(d.pack === wanted.pack || (wanted.pack === "-" && !d.pack))) return false;
    if (wanted.construct && !d.constructs.split("|").includes(wanted.construct)) return false;
    if (wanted.held && copiesOf(tile) === 0) return false;
    const words = (wanted.q || "").toLowerCase().split(/\s+/).filter(Boolean);
    return words.every(w => d.search.includes(w));
  }

  function filter() {
    const wanted = Object.fromEntries(new FormData(filters));
    let n = 0;
    for (const tile of tiles) {
      tile.hidden = !shown(tile, wanted);
      n += !tile.hidden;
    }
    document.getElementById("shown-count").textContent = `${n} of ${tiles.length} cards shown`;
  }
  filters.addEventListener("input", filter);
  filters.addEventListener("change", filter);

  document.getElementById("deck-undo").addEventListener("click", () => {
    for (const tile of tiles) tile.querySelector("input.n").value = tile.dataset.saved;
    changedNow();
    filter();
  });

  if (save) save.addEventListener("click", async () => {
    save.disabled = true;
    const data = await post("/api/deck/save", {copies: copies(), version: version});
    if (data.conflict) { showConflict(data); save.disabled = !ok; return; }
    if (data.error) { result.replaceChildren(line(data.error, "bad")); save.disabled = !ok; return; }
    version = data.version;
    for (const tile of tiles) tile.dataset.saved = copiesOf(tile);
    count();
    result.replaceChildren(line(data.message, "ok"));
  });

  // The manifest changed on disk since this page read it: show both deck lists and the cards whose
  // copies differ; the designer loads the one on disk, or saves theirs over it (a save based on the
  // version on disk now). Nothing is written until one is chosen.
  function showConflict(data) {
    const c = data.conflict;
    const box = document.createElement("div");
    box.className = "conflict";
    box.id = "deck-conflict";
    box.append(line(data.error, "bad"));
    const pre = (title, text, id) => {
      const h = document.createElement("h4");
      h.textContent = title;
      const p = Object.assign(document.createElement("pre"), {className: "yaml", id: id, textContent: text || "(no deck list: every card once)"});
      return [h, p];
    };
    box.append(...pre("On disk", c.disk_deck, "deck-conflict-disk"), ...pre("Yours", c.yours_deck, "deck-conflict-yours"));
    if (c.differences.length) {
      const table = document.createElement("table");
      table.className = "counts";
      table.id = "deck-conflict-differences";
      table.innerHTML = "<thead><tr><th>card</th><th>on disk</th><th>yours</th></tr></thead>";
      const body = document.createElement("tbody");
      for (const d of c.differences) {
        const row = document.createElement("tr");
        for (const text of [d.name, d.disk, d.yours]) row.append(Object.assign(document.createElement("td"), {textContent: text}));
        body.append(row);
      }
      table.append(body);
      box.append(table);
    }
    for (const problem of c.disk_problems) box.append(line(`The manifest on disk does not load: ${problem}`, "bad"));
    const buttons = document.createElement("p");
    if (c.disk) {
      const load = Object.assign(document.createElement("button"), {type: "button", id: "deck-conflict-load", textContent: "Load the deck list on disk"});
      load.addEventListener("click", () => {
        for (const tile of tiles) {
          const n = c.disk[tile.dataset.id] || 0;
          tile.dataset.saved = n;
          tile.querySelector("input.n").value = n;
        }
        version = c.version;
        result.replaceChildren(line("Loaded the deck list on disk.", "ok"));
        changedNow();
      });
      buttons.append(load, " ");
    }
    const over = Object.assign(document.createElement("button"), {type: "button", id: "deck-conflict-overwrite", textContent: "Save my deck list over it"});
    over.addEventListener("click", () => {
      version = c.version;
      result.replaceChildren();
      save.disabled = false;
      save.click();
    });
    buttons.append(over);
    box.append(buttons);
    result.replaceChildren(box);
  }

  window.addEventListener("beforeunload", e => { if (changed()) e.preventDefault(); });
  count();
  filter();
  check();
})();
