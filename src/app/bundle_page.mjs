// Bundles the page's ES modules (web/) into the site with esbuild (issue 38:
// the first frame on a repeat visit). The sources stay one concept per
// module; the browser gets the three scripts index.html names (theme.js,
// page/module_loading.js, page.js) with what they import inside, the code
// they share in chunks, and each part the page loads with import() when
// first opened (sweep, theory, studio...) as a chunk of its own. Measured
// at 4× CPU on the phone viewport: 38 files before the first frame became
// 18, and a repeat visit's first frame came 0.09-0.12 s sooner (each file
// costs the main thread a few ms of the browser's own loading work).
//
// The language tables (text_en.js, text_de.js) are not bundled: a page
// fetches its own language's only (web/text.js).
//
// The files a build wrote are listed in <site>/../page_bundle.files and
// removed from the site by the next build first, so a chunk whose hash
// changed does not stay behind (the service worker caches every file).
//   node bundle_page.mjs <web dir> <site dir>
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ENTRIES = ['theme.js', 'page/module_loading.js', 'page.js'];

const [webDir, siteDir] = process.argv.slice(2).map((dir) => dir && path.resolve(dir));
if (!siteDir) {
  console.error('usage: node bundle_page.mjs <web dir> <site dir>');
  process.exit(2);
}
// esbuild is one of the page's build packages (web/package.json).
const esbuild = createRequire(path.join(webDir, 'package.json'))('esbuild');

const listFile = path.join(path.dirname(siteDir), 'page_bundle.files');
if (fs.existsSync(listFile)) {
  for (const file of fs.readFileSync(listFile, 'utf8').split('\n').filter(Boolean))
    fs.rmSync(path.join(siteDir, file), { force: true });
}

const result = await esbuild.build({
  entryPoints: ENTRIES.map((file) => path.join(webDir, file)),
  outbase: webDir,
  outdir: siteDir,
  entryNames: '[dir]/[name]',
  chunkNames: '[name]-[hash]',  // beside index.html: what import() asks for resolves as in the sources
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',  // text.js awaits its table at the top level
  minify: true,
  charset: 'utf8',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
if (result.warnings.length > 0) process.exit(1);  // a warning here is a page that may not run as written

const written = Object.keys(result.metafile.outputs).map((file) => path.relative(siteDir, path.resolve(file)));
fs.writeFileSync(listFile, written.sort().join('\n') + '\n');
