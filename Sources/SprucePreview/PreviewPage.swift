/// The preview page: one HTML file with its script. Every frame it shows is a PNG our renderer drew
/// (`/frame/KEY/N`); the script only chooses which frame is due, fetches ahead of the playhead, and never
/// animates anything itself. It listens to `/events` and swaps in the new film when the scene is saved.
enum PreviewPage {
    static let html = #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>render-gif preview</title>
<style>
body{font:14px system-ui,sans-serif;margin:0;background:#f4f5f2;color:#222}
header{background:#1f5f4a;color:#fff;padding:8px 16px;display:flex;gap:16px;align-items:baseline}
header h1{font-size:16px;margin:0}#title{opacity:.85}
main{display:grid;grid-template-columns:minmax(0,1fr) 360px;gap:16px;padding:16px}
#stage{background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px;display:flex;justify-content:center;align-items:center;min-height:300px;border:1px solid #ccc}
#frame{max-width:100%;max-height:70vh;image-rendering:auto}
.bar{display:flex;gap:6px;align-items:center;margin:8px 0;flex-wrap:wrap}
#scrub{flex:1;min-width:200px}button{padding:4px 10px}#readout{font-family:monospace;min-width:210px}
aside section{background:#fff;border:1px solid #ccc;padding:8px 10px;margin-bottom:12px}
aside h2{font-size:13px;margin:0 0 6px;text-transform:uppercase;letter-spacing:.05em;color:#1f5f4a}
label{display:grid;grid-template-columns:110px 1fr;align-items:center;margin:3px 0}
input[type=number]{width:90px}
#error{display:none;background:#fff0f0;border:1px solid #c33;color:#900;padding:8px 10px;margin-bottom:8px;white-space:pre-wrap}
#source{font:12px monospace;background:#fafafa;border:1px solid #ddd;margin-top:6px;padding:4px;overflow:auto;max-height:180px;color:#333}
#source .bad{background:#fcc}
.charts img{max-width:100%;border:1px solid #ccc;background:#fff;margin-top:8px}
#exported{font-family:monospace;font-size:12px;word-break:break-all}
</style></head>
<body>
<header><h1>render-gif preview</h1><span id="scene"></span><span id="title"></span><span id="status"></span></header>
<main><div>
<div id="error"></div>
<div id="stage"><img id="frame" alt="frame"></div>
<div class="bar">
<button id="play">Play</button><button id="prev" title="previous frame (←)">◀ frame</button><button id="next" title="next frame (→)">frame ▶</button>
<input id="scrub" type="range" min="0" max="0" value="0">
<span id="readout"></span>
</div>
<div class="bar">
<label style="display:inline"><input id="loop" type="checkbox" checked> loop</label>
<span>speed <select id="speed"><option>0.25</option><option>0.5</option><option>0.75</option><option selected>1</option><option>1.5</option><option>2</option></select>×</span>
</div>
<div class="charts"><img id="chart" alt="timing chart"><img id="curves" alt="motion curves"></div>
</div>
<aside>
<section><h2>Choreography</h2>
<label>sort <select name="sort"><option>default</option><option>linear</option><option>cornered</option><option>radial</option><option>random</option><option>inline</option><option>continuous</option><option>continuous-weighted</option><option>snake</option><option>stagger</option></select></label>
<label>corner <select name="corner"><option>topLeft</option><option>topRight</option><option>bottomLeft</option><option>bottomRight</option></select></label>
<label>position <select name="position"><option>topLeft</option><option>topMiddle</option><option>topRight</option><option>left</option><option>middle</option><option>right</option><option>bottomLeft</option><option>bottomMiddle</option><option>bottomRight</option></select></label>
<label>direction <select name="direction"><option>topToBottom</option><option>bottomToTop</option><option>leftToRight</option><option>rightToLeft</option></select></label>
<label>reversed <input name="reversed" type="checkbox"></label>
<label>delay (s) <input name="delay" type="number" step="0.01" min="0" max="5"></label>
<label>animation <select name="animationType"><option>standard</option><option>spring</option></select></label>
<label>duration (s) <input name="duration" type="number" step="0.05" min="0.01" max="30"></label>
<label>damping <input name="damping" type="number" step="0.05" min="0.01" max="1"></label>
<label>canvas width <input name="width" type="number" step="1" min="16" max="4096"></label>
<label>canvas height <input name="height" type="number" step="1" min="16" max="4096"></label>
<div class="bar"><button id="reset">Back to the file's values</button></div>
<div id="formError" style="color:#900"></div>
</section>
<section><h2>Export</h2>
<div class="bar"><select id="format"><option>gif</option><option>mp4</option><option>png</option></select><input id="exportName" size="22"><button id="export">Export</button></div>
<div id="exported"></div>
</section>
</aside></main>
<script>
"use strict";
const $ = id => document.getElementById(id);
const img = $("frame"), scrub = $("scrub");
let film = null, index = 0, playing = false, t0 = 0, i0 = 0, pending = null, sceneName = "";
const preload = new Map();
const changed = {};
// The launch's token, from this page's own address: every request carries it (the server refuses any other).
const token = new URLSearchParams(location.search).get("token") || "";
function signed(u) { return u + (u.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token); }

function url(i) { return signed("/frame/" + film.key + "/" + i); }
function fetchAhead(from) {
  for (let k = 0; k < 12 && film; k++) {
    const i = (from + k) % film.frameCount, u = url(i);
    if (!preload.has(u)) { const im = new Image(); im.src = u; preload.set(u, im); }
  }
  if (preload.size > 600) { const keep = [...preload].slice(-300); preload.clear(); keep.forEach(([k, v]) => preload.set(k, v)); }
}
function readout() {
  $("readout").textContent = film ? "frame " + index + " / " + (film.frameCount - 1) + " · " + (index / film.fps).toFixed(3) + " s" : "";
}
function show(i) {
  if (!film) return;
  index = Math.max(0, Math.min(film.frameCount - 1, i));
  scrub.value = index; readout();
  const u = url(index), want = film.key + "/" + index;
  fetchAhead(index + 1);
  if (img.dataset.want === want) return;
  img.dataset.want = want;
  const done = () => { if (img.dataset.want === want) img.dataset.shown = want; };
  img.onload = done;
  img.src = u;
  if (img.complete && img.naturalWidth) done();
}
function tick(now) {
  if (playing && film) {
    const speed = parseFloat($("speed").value);
    let i = i0 + Math.floor((now - t0) / 1000 * film.fps * speed);
    if (i >= film.frameCount) {
      if ($("loop").checked) { i = i % film.frameCount; }
      else { i = film.frameCount - 1; setPlaying(false); }
    }
    // Only a frame already drawn is shown while playing, so a slow frame holds the last one instead of a blank.
    const im = preload.get(url(i));
    if (i !== index && (!im || im.complete)) show(i);
  }
  requestAnimationFrame(tick);
}
function setPlaying(p) {
  playing = p; $("play").textContent = p ? "Pause" : "Play";
  t0 = performance.now(); i0 = index;
}
function restart() { t0 = performance.now(); i0 = index; }
$("play").onclick = () => setPlaying(!playing);
$("prev").onclick = () => { setPlaying(false); show(index - 1); };
$("next").onclick = () => { setPlaying(false); show(index + 1); };
scrub.oninput = () => { show(parseInt(scrub.value, 10)); restart(); };
$("speed").onchange = restart;
document.addEventListener("keydown", e => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === "ArrowLeft") $("prev").click(); else if (e.key === "ArrowRight") $("next").click();
  else if (e.key === " ") { e.preventDefault(); $("play").click(); }
});

function apply(state) {
  $("scene").textContent = sceneName = state.scene || "";
  if (!$("exportName").value) $("exportName").value = sceneName.replace(/\.[^.]*$/, "") + "-preview.gif";
  const err = $("error");
  if (state.error) {
    const e = state.error;
    err.style.display = "block";
    err.textContent = "The scene file has an error; the last good film keeps playing.\n" + e.message + (e.line ? "\n(line " + e.line + ")" : "");
    if (e.line) showSource(e.line);
  } else { err.style.display = "none"; err.textContent = ""; }
  if (state.film && (!film || film.key !== state.film.key)) {
    const time = film ? index / film.fps : 0;
    film = state.film;
    document.body.dataset.key = film.key;
    scrub.max = film.frameCount - 1;
    $("title").textContent = film.title;
    $("chart").src = signed("/chart/" + film.key); $("curves").src = signed("/curves/" + film.key);
    show(Math.min(film.frameCount - 1, Math.round(time * film.fps)));
    restart();
  }
  if (state.spec) for (const [k, v] of Object.entries(state.spec)) {
    const el = document.querySelector("[name=" + k + "]");
    if (!el || k in changed) continue;
    if (el.type === "checkbox") el.checked = v; else el.value = v;
  }
  $("status").textContent = "";
}
async function showSource(line) {
  try {
    const r = await fetch(signed("/files/" + encodeURIComponent(sceneName)));
    if (!r.ok) return;
    const lines = (await r.text()).split("\n"), box = document.createElement("div");
    box.id = "source";
    for (let n = Math.max(1, line - 4); n <= Math.min(lines.length, line + 4); n++) {
      const d = document.createElement("div"); d.textContent = String(n).padStart(4) + "  " + lines[n - 1];
      if (n === line) d.className = "bad";
      box.appendChild(d);
    }
    const old = $("source"); if (old) old.remove();
    $("error").appendChild(box);
  } catch (e) {}
}
async function post(path, body) {
  const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json", "X-Review-Token": token}, body: JSON.stringify(body)});
  const j = await r.json();
  if (!r.ok) { const e = new Error(j.error || r.statusText); e.exists = j.exists === true; throw e; }
  return j;
}
async function sendForm() {
  $("formError").textContent = "";
  try { apply(await post("/settings", changed)); } catch (e) { $("formError").textContent = e.message; }
}
for (const el of document.querySelectorAll("aside [name]")) {
  el.onchange = () => {
    changed[el.name] = el.type === "checkbox" ? el.checked : (el.type === "number" ? parseFloat(el.value) : el.value);
    sendForm();
  };
}
$("reset").onclick = () => { for (const k of Object.keys(changed)) delete changed[k]; sendForm(); };
$("format").onchange = () => { $("exportName").value = $("exportName").value.replace(/\.[^.]*$/, "") + "." + $("format").value; };
async function exportFilm(replace) {
  const out = $("exported");
  out.textContent = "exporting…";
  try {
    const j = await post("/export", {format: $("format").value, name: $("exportName").value, time: film ? index / film.fps : null, replace});
    out.textContent = "wrote " + j.path;
  } catch (e) {
    out.textContent = (e.exists ? "" : "export failed: ") + e.message + " ";
    if (e.exists) {
      const again = document.createElement("button");
      again.id = "replace";
      again.textContent = "Replace it";
      again.onclick = () => exportFilm(true);
      out.appendChild(again);
    }
  }
}
$("export").onclick = () => exportFilm(false);

const events = new EventSource(signed("/events"));
events.addEventListener("state", e => apply(JSON.parse(e.data)));
events.onerror = () => { $("status").textContent = "(server not reachable)"; };
requestAnimationFrame(tick);
</script>
</body></html>
"""#
}
