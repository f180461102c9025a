/* ContactLab's files: downloads (CSV, JSON, PNG, WebM, ...) as the
 * browser's own, and scene or activity files read from the file picker or
 * dropped on the page, handed to the page as text (onSceneText()); a
 * dropped table of measurements (.csv, .tsv, .txt) goes to the fit panel
 * (onMeasuredFile()).
 */
import { showMessage } from './messages.js';
import { t as T } from '../text.js';

var MAX_SCENE_BYTES = 32 * 1024 * 1024;  // the engine's limit (io/json_text.h)
var loadText = function () { showMessage('warning', T('page.still_loading')); };
var loadMeasured = null;

/** Saves `blob` as `filename` through the browser's download. */
export function downloadBlob(filename, blob) {
  var url = URL.createObjectURL(blob);
  var a = document.createElement('a');
  a.href = url;
  a.download = filename || 'contactlab';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start reading the URL after click() returns.
  setTimeout(function () { URL.revokeObjectURL(url); }, 30000);
}

/** A data: URL (a canvas's PNG) as a Blob. */
export function dataUrlToBlob(dataUrl) {
  var comma = dataUrl.indexOf(',');
  var mime = dataUrl.slice(5, comma).split(';')[0] || 'application/octet-stream';
  var bytes = atob(dataUrl.slice(comma + 1));
  var arr = new Uint8Array(bytes.length);
  for (var i = 0; i < bytes.length; i++) arr[i] = bytes.charCodeAt(i);
  return new Blob([arr], { type: mime });
}

function isJsonFile(file) {
  return /\.json$/i.test(file.name) || /json/.test(file.type || '');
}

function readSceneFile(file) {
  if (!file) return;
  if (!isJsonFile(file)) { showMessage('warning', T('page.not_scene_file', { name: file.name })); return; }
  if (file.size > MAX_SCENE_BYTES) { showMessage('error', T('page.scene_file_too_large', { name: file.name })); return; }
  var reader = new FileReader();
  reader.onload = function () { loadText(String(reader.result)); };
  reader.onerror = function () { showMessage('error', T('page.could_not_read', { name: file.name })); };
  reader.readAsText(file);
}

var fileInput = null;
/** Asks for a scene file with the browser's file picker. */
export function openSceneFile() {
  if (!fileInput) {
    fileInput = document.createElement('input');
    fileInput.type = 'file';
    fileInput.accept = '.json,application/json';
    fileInput.hidden = true;
    fileInput.setAttribute('aria-label', T('page.open_scene_file'));
    fileInput.addEventListener('change', function () {
      readSceneFile(fileInput.files && fileInput.files[0]);
      fileInput.value = '';  // choosing the same file again must fire 'change'
    });
    document.body.appendChild(fileInput);
  }
  fileInput.click();
}

function isTableFile(file) {
  return /\.(csv|tsv|txt)$/i.test(file.name) || /^text\/(csv|tab-separated-values|plain)/.test(file.type || '');
}

function hasFiles(ev) {
  var types = ev.dataTransfer && ev.dataTransfer.types;
  return !!types && Array.prototype.indexOf.call(types, 'Files') >= 0;
}

/** A file dropped anywhere on the page is read as a scene file, or as measurements. */
function setupDragAndDrop() {
  var depth = 0;  // dragenter/dragleave fire for every child element
  window.addEventListener('dragenter', function (ev) {
    if (!hasFiles(ev)) return;
    depth++;
    document.body.classList.add('dragging');
  });
  window.addEventListener('dragleave', function (ev) {
    if (!hasFiles(ev)) return;
    depth = Math.max(0, depth - 1);
    if (!depth) document.body.classList.remove('dragging');
  });
  window.addEventListener('dragover', function (ev) {
    if (!hasFiles(ev)) return;
    ev.preventDefault();
    ev.dataTransfer.dropEffect = 'copy';
  });
  window.addEventListener('drop', function (ev) {
    if (!hasFiles(ev)) return;
    ev.preventDefault();
    depth = 0;
    document.body.classList.remove('dragging');
    var file = ev.dataTransfer.files[0];
    if (file && loadMeasured && isTableFile(file)) loadMeasured(file);
    else readSceneFile(file);
  });
}

/** Hands every scene file read from now on to fn(text). */
export function onSceneText(fn) {
  loadText = fn;
}

/** Hands every table of measurements dropped from now on to fn(file). */
export function onMeasuredFile(fn) {
  loadMeasured = fn;
}

setupDragAndDrop();
