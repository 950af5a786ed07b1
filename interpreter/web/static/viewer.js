// The viewer's keys: left and right arrows step back and forward, Home and End jump to the ends.
"use strict";
document.addEventListener("keydown", e => {
  if (e.target.closest("input, select, textarea")) return;
  const keys = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"};
  const link = keys[e.key] && document.getElementById(keys[e.key]);
  if (link && link.href) { e.preventDefault(); window.location = link.href; }
});
const log = document.getElementById("log");
if (log) log.scrollTop = log.scrollHeight;  // the newest events are at the bottom
