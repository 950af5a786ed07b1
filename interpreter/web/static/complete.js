// Completion in the card editor: the desk's /api/complete answers with the language server's own
// suggestions (interpreter/lsp/completion.py): in a power line, the words the parser accepts next
// and the registry's examples that continue the line; elsewhere the card's fields and values.
//
// The list opens by itself while a power line is typed, and anywhere with Ctrl+Space; the arrow keys
// move in it, Enter or Tab takes the chosen word, Escape closes it, and a click takes a word.
"use strict";
window.attachCompletion = function (area, post) {
  const box = document.createElement("ul");
  box.id = "complete";
  box.className = "complete";
  box.setAttribute("role", "listbox");
  box.hidden = true;
  area.parentElement.append(box);
  let items = [];  // the suggestions shown: {label, insert, kind, detail, from}
  let chosen = 0;
  let asked = 0;
  let timer = null;

  function position() {  // the caret's line and column, 0-based
    const before = area.value.slice(0, area.selectionStart);
    const line = before.split("\n").length - 1;
    return {line, character: before.length - before.lastIndexOf("\n") - 1};
  }

  function charSize() {
    const probe = document.createElement("span");
    probe.textContent = "MMMMMMMMMM";
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;font:" + getComputedStyle(area).font;
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width / 10;
    probe.remove();
    return {width, height: parseFloat(getComputedStyle(area).lineHeight)};
  }

  function place(at) {
    const size = charSize();
    const style = getComputedStyle(area);
    const left = parseFloat(style.paddingLeft) + at.character * size.width - area.scrollLeft + area.offsetLeft;
    const top = parseFloat(style.paddingTop) + (at.line + 1) * size.height - area.scrollTop + area.offsetTop + 2;
    box.style.left = Math.max(0, Math.min(left, area.offsetLeft + area.clientWidth - 260)) + "px";
    box.style.top = top + "px";
  }

  function typedWord(at, from) {
    const line = area.value.split("\n")[at.line] || "";
    return line.slice(from, at.character);
  }

  function draw() {
    box.replaceChildren();
    items.forEach((item, i) => {
      const li = document.createElement("li");
      li.setAttribute("role", "option");
      li.className = `item ${item.kind}` + (i === chosen ? " chosen" : "");
      li.setAttribute("aria-selected", i === chosen ? "true" : "false");
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = item.label;
      li.append(label);
      if (item.detail) {
        const detail = document.createElement("span");
        detail.className = "detail";
        detail.textContent = item.detail;
        li.append(detail);
      }
      if (item.documentation) li.title = item.documentation;
      li.addEventListener("mousedown", e => { e.preventDefault(); chosen = i; take(); });
      box.append(li);
    });
    box.hidden = items.length === 0;
    const shown = box.children[chosen];
    if (shown) shown.scrollIntoView({block: "nearest"});
  }

  function close() {
    asked++;  // an answer still on its way is for a list closed since: it must not open it again
    items = [];
    box.hidden = true;
  }

  async function ask(always) {
    const mine = ++asked;
    const at = position();
    const data = await post("/api/complete", {text: area.value, line: at.line, character: at.character});
    if (mine !== asked || data.error) return;
    if (!data.power && !always) { close(); return; }
    const typed = data.items.length ? typedWord(at, data.items[0].from).toLowerCase() : "";
    items = data.items.filter(item => item.label.toLowerCase().startsWith(typed) && item.label.toLowerCase() !== typed);
    chosen = 0;
    place(at);
    draw();
  }

  function take() {
    const item = items[chosen];
    if (!item) return;
    const at = position();
    const start = area.selectionStart - (at.character - item.from);
    area.setRangeText(item.insert, start, area.selectionStart, "end");
    close();
    area.focus();
    area.dispatchEvent(new Event("input"));
  }

  area.addEventListener("keydown", e => {
    if (e.key === " " && e.ctrlKey) { e.preventDefault(); ask(true); return; }
    if (e.key === "Escape") {  // closes the list, and one still on its way (asked for, not yet shown)
      if (!box.hidden) e.preventDefault();
      close();
      return;
    }
    if (box.hidden) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      chosen = (chosen + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
      draw();
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      e.stopImmediatePropagation();  // the editor's Tab indents only when no list is open
      take();
    }
  });
  area.addEventListener("input", e => {
    clearTimeout(timer);
    if (e.isTrusted === false && box.hidden) return;  // a word just taken: wait for the next key
    timer = setTimeout(() => ask(false), 120);
  });
  area.addEventListener("blur", () => setTimeout(close, 150));
  area.addEventListener("scroll", () => { if (!box.hidden) place(position()); });
  area.addEventListener("click", close);
  return {ask, close};
};
