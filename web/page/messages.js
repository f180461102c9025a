/* ContactLab's message area over the canvas: what the app and the page
 * have to say (a refused value, a file that would not load, a new version
 * ready), in a polite live region, errors as alerts. A host page hears
 * every message too (web/host_link.js, through onMessage()).
 */
import { t as T } from '../text.js';

var MESSAGE_LIMIT = 3;                                   // visible at once
var MESSAGE_MS = { info: 5000, warning: 9000 };          // errors stay until dismissed
var messagesEl = document.getElementById('messages');
var listeners = [];                                      // fn(level, text) for every message shown

function normalizeLevel(level) {
  return level === 'warning' || level === 'error' ? level : 'info';
}

function removeMessage(node) {
  if (node.parentNode) node.parentNode.removeChild(node);
  if (node._timer) clearTimeout(node._timer);
}

/** Oldest info/warning, so errors stay until dismissed; oldest error if all are errors. */
function oldestEvictable() {
  return messagesEl.querySelector('.msg:not(.msg-error)') || messagesEl.firstChild;
}

/** A visible message with this level and text, if any. */
function findMessage(level, text) {
  var nodes = messagesEl.querySelectorAll('.msg');
  for (var i = 0; i < nodes.length; i++) if (nodes[i]._level === level && nodes[i]._text === text) return nodes[i];
  return null;
}

function startFade(node) {
  if (node._timer) clearTimeout(node._timer);
  node._timer = MESSAGE_MS[node._level] && !node._sticky ? setTimeout(function () { removeMessage(node); }, MESSAGE_MS[node._level]) : 0;
}

/**
 * Adds a message. Text goes through textContent only: it may come from the
 * URL. The same message again is counted on the one shown ("×3"), not
 * stacked; info and warnings fade, errors stay until dismissed; at most
 * MESSAGE_LIMIT are shown. `action` ({label, run}) adds a button, and the
 * message then stays until it is used or dismissed.
 */
export function showMessage(level, text, action) {
  level = normalizeLevel(level);
  text = String(text);
  var same = findMessage(level, text);
  if (same) {
    same._count++;
    same._countEl.textContent = '×' + same._count;
    same._countEl.hidden = false;
    messagesEl.appendChild(same);  // newest last
    startFade(same);
    return;
  }
  var node = document.createElement('div');
  node._level = level;
  node._text = text;
  node._count = 1;
  node.className = 'msg msg-' + level;
  if (level === 'error') node.setAttribute('role', 'alert');
  var body = document.createElement('div');
  body.className = 'msg-text';
  if (level !== 'info') {
    var tag = document.createElement('span');
    tag.className = 'msg-level';
    tag.textContent = level === 'error' ? 'Error:' : 'Warning:';
    body.appendChild(tag);
    body.appendChild(document.createTextNode(' '));
  }
  body.appendChild(document.createTextNode(text));
  node._countEl = document.createElement('span');
  node._countEl.className = 'msg-count';
  node._countEl.hidden = true;
  body.appendChild(node._countEl);
  if (action) {
    node._sticky = true;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'btn msg-action';
    button.textContent = action.label;
    button.addEventListener('click', function () { removeMessage(node); action.run(); });
    body.appendChild(document.createTextNode(' '));
    body.appendChild(button);
  }
  var close = document.createElement('button');
  close.type = 'button';
  close.className = 'msg-close';
  close.setAttribute('aria-label', T('page.dismiss'));
  close.textContent = '×';
  close.addEventListener('click', function () { removeMessage(node); });
  node.appendChild(body);
  node.appendChild(close);
  messagesEl.appendChild(node);
  startFade(node);
  while (messagesEl.children.length > MESSAGE_LIMIT) removeMessage(oldestEvictable());
  if (level !== 'info') console.warn('ContactLab ' + level + ': ' + text);
  listeners.forEach(function (fn) { fn(level, text); });
}

/** Calls fn(level, text) for every message shown from now on. */
export function onMessage(fn) {
  listeners.push(fn);
}
