/* A QR code of an activity's link, as SVG (crisp at any size, for slides and
 * worksheets) and PNG (for anything that takes only pictures), so a class can
 * open the activity from a projector with a phone.
 *
 * The encoding is qrcode-generator's (npm, MIT; qrcode.js, fetched the first
 * time a code is wanted, load(), as the global `qrcode`): a QR code is Reed-Solomon coding, masking and version
 * tables, best taken from a library that thousands of sites have read back.
 * Error correction M (15 % of the symbol may be lost: a projector's glare),
 * else L for a link too long for M; a link past what L holds (2,953 bytes)
 * gets no code: the activity file is the way then.
 *
 * Usage: load().then(...), then var code = encode(link) (null: too long);
 * svg(code), png(code) -> Promise<Blob>.
 */
import { loadScript } from './load_script.js';
import { t as T } from './text.js';

var MARGIN = 4;        // modules of white around the code: the quiet zone the standard asks for
var PNG_MODULE = 8;    // px per module in the PNG (a 77-module code is 680 px wide)

/** The code of `text`: {count, dark(row, col)}, or null when no version holds it. */
export function encode(text) {
  var levels = ['M', 'L'];
  for (var i = 0; i < levels.length; i++) {
    var qr = qrcode(0, levels[i]);  // 0: the smallest version that holds the text
    qr.addData(text, 'Byte');
    try {
      qr.make();
    } catch (e) {
      continue;  // "code length overflow": try the next level
    }
    return { count: qr.getModuleCount(), dark: qr.isDark, level: levels[i] };
  }
  return null;
}

/** The code as an SVG document: one path of unit squares, in a viewBox with the quiet zone. */
export function svg(code) {
  var size = code.count + 2 * MARGIN, d = '';
  for (var r = 0; r < code.count; r++) {
    for (var c = 0; c < code.count; c++) {
      if (code.dark(r, c)) d += 'M' + (c + MARGIN) + ' ' + (r + MARGIN) + 'h1v1h-1z';
    }
  }
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + size + ' ' + size + '" shape-rendering="crispEdges">' +
    '<rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="' + d + '"/></svg>';
}

/** The code as a PNG, black on white (a promise of a Blob). */
export function png(code) {
  var size = (code.count + 2 * MARGIN) * PNG_MODULE;
  var canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  var ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#000';
  for (var r = 0; r < code.count; r++) {
    for (var c = 0; c < code.count; c++) {
      if (code.dark(r, c)) ctx.fillRect((c + MARGIN) * PNG_MODULE, (r + MARGIN) * PNG_MODULE, PNG_MODULE, PNG_MODULE);
    }
  }
  return new Promise(function (resolve, reject) {
    canvas.toBlob(function (blob) { if (blob) resolve(blob); else reject(new Error('PNG')); }, 'image/png');
  });
}

/** The encoder, fetched once: a promise, resolved when encode() may be called. */
export function load() {
  return loadScript('qrcode.js', function () { return true; }, T('studio.qr_failed'));
}
