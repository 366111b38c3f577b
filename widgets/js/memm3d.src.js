// memm in 3D: the structure as cubes a person can turn and zoom (three.js + OrbitControls),
// the free cells of legal placements as ghost cubes; a click on a ghost selects it and further
// clicks cycle through the legal orientations there, previewed live on the ghost; "Place"
// sends that exact legal action. The 2D board (hands, gifts, pass, log) is drawn below by the
// ordinary Board view. Build: `npm install && npm run build` in widgets/js (the output,
// widgets/static/memm3d.js, is committed: installing rules-lab needs no Node).
import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import board from "../static/board.js";

// The numeral on a face is drawn turned so that it stands upright in the world (z is up): a
// BoxGeometry face's texture "up" is +y on the +-x faces and -z on the +y face, which showed
// "V" as ">" and "III" as a sideways bar. GLYPH_TURN[face] is the canvas rotation (radians,
// clockwise) of each face (lab order +x, -x, +y, -y, +z, -z); glyphUp() checks it on the
// geometry itself (tests read data-glyph-up).
const GLYPH_TURN = [-Math.PI / 2, Math.PI / 2, Math.PI, 0, 0, 0];
const FONT = '"DejaVu Sans", "Liberation Sans", Arial, sans-serif';

const textures = new Map();
function faceTexture(colour, numeral, turn) {
  const key = colour + numeral + turn;
  if (!textures.has(key)) {
    const c = document.createElement("canvas");
    c.width = c.height = 128;
    const g = c.getContext("2d");
    g.fillStyle = colour;
    g.fillRect(0, 0, 128, 128);
    g.strokeStyle = "#111";
    g.lineWidth = 6;
    g.strokeRect(3, 3, 122, 122);
    g.translate(64, 64);
    g.rotate(turn);
    g.font = `bold ${numeral.length > 2 ? 44 : 56}px ${FONT}`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.lineWidth = 8;
    g.strokeStyle = "#000";
    g.strokeText(numeral, 0, 4);
    g.fillStyle = "#fff";
    g.fillText(numeral, 0, 4);
    const t = new THREE.CanvasTexture(c);
    t.colorSpace = THREE.SRGBColorSpace;
    textures.set(key, t);
  }
  return textures.get(key);
}

// lab faces: +x, -x, +y, -y, +z, -z == BoxGeometry's material order; z is up (camera.up)
function cubeMaterials(colours, numerals, opacity) {
  return colours.map((col, i) => new THREE.MeshLambertMaterial({
    map: faceTexture(col, numerals[i], GLYPH_TURN[i]), transparent: opacity < 1, opacity,
  }));
}

// The world direction a numeral's top points to on face `face` of `geometry`, read from the
// geometry's own positions and UVs and the turn the canvas applies.
function glyphUp(geometry, face) {
  const group = geometry.groups[face];
  const index = geometry.index.array;
  const pos = geometry.attributes.position;
  const uv = geometry.attributes.uv;
  const ids = [...new Set(Array.from(index.slice(group.start, group.start + group.count)))];
  const P = ids.map((i) => new THREE.Vector3().fromBufferAttribute(pos, i));
  const T = ids.map((i) => new THREE.Vector2().fromBufferAttribute(uv, i));
  // solve position = o + U * du + V * dv over three corners
  const e1 = P[1].clone().sub(P[0]), e2 = P[2].clone().sub(P[0]);
  const a = T[1].clone().sub(T[0]), b = T[2].clone().sub(T[0]);
  const det = a.x * b.y - a.y * b.x;
  const du = e1.clone().multiplyScalar(b.y).sub(e2.clone().multiplyScalar(a.y)).divideScalar(det);
  const dv = e2.clone().multiplyScalar(a.x).sub(e1.clone().multiplyScalar(b.x)).divideScalar(det);
  const turn = GLYPH_TURN[face];
  const up = du.normalize().multiplyScalar(Math.sin(turn)).add(dv.normalize().multiplyScalar(Math.cos(turn)));
  return [up.x, up.y, up.z].map((v) => Math.round(v * 1000) / 1000);
}

function render({ model, el }) {
  const wrap = document.createElement("div");
  wrap.className = "rl-memm3d";
  const canvasBox = document.createElement("div");
  canvasBox.className = "rl-3d-canvas";
  const panel = document.createElement("div");
  panel.className = "rl-3d-panel";
  const boardBox = document.createElement("div");
  wrap.append(canvasBox, panel, boardBox);
  el.append(wrap);
  const cleanupBoard = board.render({ model, el: boardBox });

  const width = 640, height = 420;
  let renderer;
  try {
    renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  } catch (err) {
    canvasBox.textContent = "3D view unavailable (no WebGL): use the board below.";
    return () => cleanupBoard && cleanupBoard();
  }
  renderer.setSize(width, height);
  canvasBox.append(renderer.domElement);
  wrap.dataset.glyphUp = JSON.stringify([0, 1, 2, 3, 4, 5].map((f) => glyphUp(new THREE.BoxGeometry(1, 1, 1), f)));
  const scene = new THREE.Scene();
  scene.background = new THREE.Color("#f4f1ea");
  scene.add(new THREE.AmbientLight(0xffffff, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.4);
  sun.position.set(5, 3, 8);
  scene.add(sun);
  const camera = new THREE.PerspectiveCamera(40, width / height, 0.1, 500);
  camera.up.set(0, 0, 1);
  camera.position.set(7, -9, 7);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = false;
  const group = new THREE.Group();
  scene.add(group);
  const geometry = new THREE.BoxGeometry(0.96, 0.96, 0.96);
  const edges = new THREE.EdgesGeometry(geometry);
  const ghostMeshes = [];
  const cubeMeshes = [];
  let selected = null;   // "x,y,z" of the selected ghost
  let option = 0;        // index among its (filtered) legal placements
  let onlyCube = null;   // restrict the cycle to one hand cube

  function options(key) {
    const all = (model.get("scene").ghosts || {})[key] || [];
    return onlyCube === null ? all : all.filter((o) => o.cube === onlyCube);
  }

  function draw() {
    group.clear();
    ghostMeshes.length = 0;
    cubeMeshes.length = 0;
    const data = model.get("scene") || {};
    const cells = [];
    for (const c of data.cubes || []) {
      const mesh = new THREE.Mesh(geometry, cubeMaterials(c.colours, c.numerals, 1));
      mesh.position.set(c.cell[0] + 0.5, c.cell[1] + 0.5, c.cell[2] + 0.5);
      group.add(mesh);
      cubeMeshes.push(mesh);
      const line = new THREE.LineSegments(edges, new THREE.LineBasicMaterial({ color: c.last ? 0xff00ff : 0x222222 }));
      line.position.copy(mesh.position);
      group.add(line);
      cells.push(c.cell);
    }
    for (const [key, opts] of Object.entries(data.ghosts || {})) {
      const cell = key.split(",").map(Number);
      const shown = key === selected ? options(key)[option % Math.max(1, options(key).length)] : null;
      const material = shown
        ? cubeMaterials(shown.colours, shown.numerals, 0.8)
        : new THREE.MeshBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.35 });
      const mesh = new THREE.Mesh(geometry, material);
      mesh.position.set(cell[0] + 0.5, cell[1] + 0.5, cell[2] + 0.5);
      mesh.userData.key = key;
      group.add(mesh);
      ghostMeshes.push(mesh);
      const line = new THREE.LineSegments(edges, new THREE.LineDashedMaterial({ color: 0xff6f00, dashSize: 0.1, gapSize: 0.06 }));
      line.computeLineDistances();
      line.position.copy(mesh.position);
      group.add(line);
      cells.push(cell);
      if (!opts.length) continue;
    }
    if (cells.length) recentre(cells);
    paint();
    drawPanel();
  }

  // Every new position re-centres the view on the structure and its free cells, keeping the
  // angle the person turned to, and backs the camera off until everything fits on the canvas.
  let centred = null;  // [x, y, z] the view was last centred on
  function recentre(cells) {
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (const c of cells) for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k], c[k]); hi[k] = Math.max(hi[k], c[k] + 1); }
    const mid = lo.map((v, k) => (v + hi[k]) / 2);
    const radius = Math.max(1.5, Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2);
    if (centred === null) camera.position.set(mid[0] + 4, mid[1] - 5.5, mid[2] + 4.5);
    const offset = camera.position.clone().sub(controls.target);
    const fit = radius / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2) * Math.min(1, camera.aspect)) * 1.15;
    offset.setLength(Math.max(fit, centred === null ? offset.length() : Math.min(offset.length(), fit * 2.5)));
    controls.target.set(mid[0], mid[1], mid[2]);
    camera.position.copy(controls.target).add(offset);
    centred = mid;
    controls.update();
    wrap.dataset.centre = JSON.stringify(mid.map((v) => Math.round(v * 100) / 100));
  }

  function paint() {
    renderer.render(scene, camera);
    // where each ghost and cube is on the canvas, in px from its top left corner (tests click
    // there, adding the canvas's place on the page: the page may move under a still canvas)
    const at = (m) => {
      const p = m.position.clone().project(camera);
      return [Math.round((p.x + 1) / 2 * width), Math.round((1 - p.y) / 2 * height)];
    };
    const spots = {};
    for (const m of ghostMeshes) spots[m.userData.key] = at(m);
    wrap.dataset.ghosts = JSON.stringify(spots);
    wrap.dataset.cubes = JSON.stringify(cubeMeshes.map(at));
  }

  function button(text, cls, fn, disabled = false) {
    const b = document.createElement("button");
    b.textContent = text;
    b.className = cls;
    b.disabled = disabled;
    b.addEventListener("click", fn);
    return b;
  }

  function drawPanel() {
    panel.replaceChildren();
    const ghosts = (model.get("scene") || {}).ghosts || {};
    const keys = Object.keys(ghosts);
    const head = document.createElement("div");
    head.className = "rl-3d-help";
    if (!keys.length) {
      head.textContent = "Drag to turn the view, scroll to zoom.";
      panel.append(head);
      return;
    }
    if (selected === null || !ghosts[selected]) {
      head.textContent = `Click one of the ${keys.length} ghost cubes (legal cells); drag to turn, scroll to zoom.`;
      panel.append(head);
      return;
    }
    const opts = options(selected);
    const n = opts.length;
    const shown = n ? opts[option % n] : null;
    head.textContent = shown
      ? `Cell (${selected}): orientation ${option % n + 1} of ${n} — ${shown.label}`
      : `Cell (${selected}): no legal placement with that cube`;
    head.className = "rl-3d-help rl-3d-choice";
    const row = document.createElement("div");
    row.className = "rl-3d-buttons";
    row.append(
      button("◀ previous", "rl-3d-prev", () => { option = (option - 1 + n) % Math.max(1, n); draw(); }, n < 2),
      button("next ▶", "rl-3d-next", () => { option = (option + 1) % Math.max(1, n); draw(); }, n < 2),
      button("Place here", "rl-3d-place", () => {
        if (!shown) return;
        model.send({ kind: "act", action: shown.action, seat: model.get("seat"), token: model.get("token") });
      }, !shown || !model.get("your_turn")),
      button("cancel", "rl-3d-cancel", () => { selected = null; option = 0; draw(); }),
    );
    const cubes = [...new Set(ghosts[selected].map((o) => o.cube))];
    const filter = document.createElement("div");
    filter.className = "rl-3d-filter";
    filter.append("only cube: ");
    filter.append(button("any", onlyCube === null ? "rl-on" : "", () => { onlyCube = null; option = 0; draw(); }));
    for (const c of cubes) filter.append(button(String(c), onlyCube === c ? "rl-on" : "", () => { onlyCube = c; option = 0; draw(); }));
    panel.append(head, row, filter);
  }

  const raycaster = new THREE.Raycaster();
  // A press is a click only if the pointer never went more than CLICK_SLOP px from where it
  // went down: a drag that turns the view and comes back near its start is still a drag (it
  // used to select or cycle the ghost under the pointer).
  const CLICK_SLOP = 4;
  let down = null;
  let travelled = 0;
  function onDown(e) { down = [e.clientX, e.clientY]; travelled = 0; }
  function onMove(e) {
    if (down) travelled = Math.max(travelled, Math.hypot(e.clientX - down[0], e.clientY - down[1]));
  }
  function onUp(e) {
    const start = down;
    down = null;
    if (!start) return;
    travelled = Math.max(travelled, Math.hypot(e.clientX - start[0], e.clientY - start[1]));
    if (travelled > CLICK_SLOP) return;  // a drag turns the view
    const rect = renderer.domElement.getBoundingClientRect();
    const pointer = new THREE.Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
    raycaster.setFromCamera(pointer, camera);
    const hit = raycaster.intersectObjects(ghostMeshes, false)[0];
    if (!hit) return;
    const key = hit.object.userData.key;
    if (key === selected) option += 1;  // a further click on the ghost: the next orientation
    else { selected = key; option = 0; }
    draw();
  }
  renderer.domElement.addEventListener("pointerdown", onDown);
  renderer.domElement.addEventListener("pointermove", onMove);
  renderer.domElement.addEventListener("pointerup", onUp);
  controls.addEventListener("change", paint);
  const onScene = () => { selected = null; option = 0; draw(); };
  const onTurn = () => drawPanel();
  model.on("change:scene", onScene);
  model.on("change:your_turn", onTurn);
  draw();

  return () => {
    model.off("change:scene", onScene);
    renderer.domElement.removeEventListener("pointerdown", onDown);
    renderer.domElement.removeEventListener("pointermove", onMove);
    renderer.domElement.removeEventListener("pointerup", onUp);
    model.off("change:your_turn", onTurn);
    controls.dispose();
    renderer.dispose();
    if (cleanupBoard) cleanupBoard();
  };
}

export default { render };
