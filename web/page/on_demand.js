/* What the first frame does not need, loaded with import() the first time
 * it is wanted: the parameter sweep (and its worker), the contact-law
 * inspector, the theory panel, Customize mode, an activity's questions and
 * the clip recorder. Every visitor fetches the rest before the first frame;
 * these only when used.
 *
 * The controls that open them are the page's from the start (its markup,
 * or a disclosure built here), named as they stay, so the accessibility
 * tree is the same before and after a module arrives. A module that fails
 * to load says so in the message area and leaves the rest of the page
 * working.
 */
import { el } from '../dom.js';
import { showMessage } from './messages.js';
import { t as T } from '../text.js';

/**
 * A part loaded on demand: load() imports it once (importer() -> the
 * module's promise) and resolves to make(module), or to null when the
 * import failed, which is said once, naming the part by `part` (it is not
 * tried again: a reload does); get() is what load() made, or null before.
 */
export function onDemand(part, importer, make) {
  var loading = null;
  var made = null;
  return {
    load: function () {
      if (!loading) {
        loading = importer().then(function (module) {
          made = make(module);
          return made;
        }, function (e) {
          showMessage('error', T('page.part_failed', { part: part, message: String(e && e.message || e) }));
          return null;
        });
      }
      return loading;
    },
    get: function () { return made; }
  };
}

/**
 * A disclosure in `host` (a <details> of class `name`-box with its summary
 * `title`, class `name`-summary) whose body a module on demand fills:
 * `loader` loads when it first opens. Its make() must call
 * reopened(details) once it listens, so it hears the opening that loaded it.
 */
export function disclosure(host, name, title, loader) {
  var details = el('details', name + '-box');
  details.appendChild(el('summary', name + '-summary', title));
  host.appendChild(details);
  details.addEventListener('toggle', function () { if (details.open) loader.load(); });
  return details;
}

/** Tells a module that now listens to `details` that it is open already (the opening that loaded it). */
export function reopened(details) {
  if (details.open) details.dispatchEvent(new Event('toggle'));
}
