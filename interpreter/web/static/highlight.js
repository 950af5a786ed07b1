// Highlighting of a card file's YAML, power lines included, for the editor's overlay: the text is
// drawn in a <pre> under a textarea whose own letters are transparent, so what is typed is coloured
// at once and the textarea keeps everything a text box does (selection, undo, copy, paste).
//
// The words of the power language come from the page (<script id="power-words">, written from the
// language's registry by the desk, the same lists the language server completes from): a word of the
// language, a good type (in its colour), an action, a number. The column of each problem the check
// found (`problems`: [{line, col}], 1-based) is underlined.
"use strict";
window.highlightCard = (function () {
  const ITEM = /^(\s*)-(\s+)(.*)$/;
  const KEY = /^(\s*)([A-Za-z_][A-Za-z0-9_]*)(\s*:)(.*)$/;
  const TOKEN = /([A-Za-z][A-Za-z'-]*)|(\d+)|(#.*$)|([:,()<>=]+)|(\s+)|(.)/g;

  function escape(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function span(cls, text) {
    return `<span class="${cls}">${escape(text)}</span>`;
  }

  function indentOf(line) {
    return line.length - line.trimStart().length;
  }

  // The lines of the `powers:` list: an item `- ...` of a list whose key is `powers:` (the key's own
  // indent or deeper), and its continuation lines (indented deeper than the dash).
  function powerLines(lines) {
    const found = new Set();
    let key = -1;  // the indent of the `powers:` key, while inside its list
    let dash = -1;  // the indent of the dash of the current item
    lines.forEach((line, i) => {
      const stripped = line.trim();
      if (!stripped || stripped.startsWith("#")) return;
      const indent = indentOf(line);
      if (/^(-\s+)?powers\s*:\s*(#.*)?$/.test(stripped)) {
        key = indent + (stripped.startsWith("-") ? stripped.indexOf("powers") : 0);
        dash = -1;
        return;
      }
      if (key < 0) return;
      if (stripped.startsWith("-") && indent >= key) {
        dash = indent;
        found.add(i);
      } else if (dash >= 0 && indent > dash) {
        found.add(i);
      } else {
        key = -1;
        dash = -1;
      }
    });
    return found;
  }

  function powerText(text, words, offset, bad) {
    let out = "";
    let quote = "";
    TOKEN.lastIndex = 0;
    let match;
    while ((match = TOKEN.exec(text)) !== null) {
      const [whole, word, number, comment, punct] = match;
      const at = offset + match.index;
      const marked = [...bad].some(col => at <= col && col < at + whole.length) ? " tok-bad" : "";
      if (word) {
        const lower = word.toLowerCase();
        const cls = words.goods.has(lower) ? `tok-good g-${words.colourOf[lower]}` : words.actions.has(lower) ? "tok-action"
          : words.colours.has(lower) ? `tok-good g-${lower}` : words.keywords.has(lower) ? "tok-kw" : "tok-word";
        out += span(cls + marked, word);
      } else if (number) {
        out += span("tok-num" + marked, number);
      } else if (comment && !quote) {
        out += span("tok-comment", comment);
      } else if (punct) {
        out += span("tok-punct" + marked, punct);
      } else if (whole === '"' || whole === "'") {
        quote = quote === whole ? "" : quote || whole;
        out += span("tok-quote", whole);
      } else {
        out += escape(whole);
      }
    }
    return out;
  }

  function plainLine(line) {
    const hash = line.search(/(^|\s)#/);
    const body = hash >= 0 ? line.slice(0, hash) : line;
    const comment = hash >= 0 ? line.slice(hash) : "";
    const key = KEY.exec(body) || /^(\s*-\s+)([A-Za-z_][A-Za-z0-9_]*)(\s*:)(.*)$/.exec(body);
    let out = key ? escape(key[1]) + span("tok-key", key[2]) + escape(key[3]) + span("tok-value", key[4]) : escape(body);
    if (comment) out += span("tok-comment", comment);
    return out;
  }

  return function highlight(text, words, problems) {
    const lines = text.split("\n");
    const powers = powerLines(lines);
    const bad = new Map();  // line index -> set of 0-based columns where a problem is
    for (const p of problems || []) {
      if (!bad.has(p.line - 1)) bad.set(p.line - 1, new Set());
      bad.get(p.line - 1).add(p.col - 1);
    }
    return lines.map((line, i) => {
      const cols = bad.get(i) || new Set();
      const cls = bad.has(i) ? ' class="line bad"' : ' class="line"';
      if (!powers.has(i)) return `<span${cls}>${plainLine(line)}</span>`;
      const item = ITEM.exec(line);
      const head = item ? item[1] + "-" + item[2] : "";
      const rest = item ? item[3] : line;
      return `<span${cls}>${escape(head)}${powerText(rest, words, head.length, cols)}</span>`;
    }).join("\n") + "\n";
  };
})();
