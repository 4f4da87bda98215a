// The code of a staff page named in its HTML (issue 49, ADR 064): the staff app's HTML is one file
// for every page, and each page's code is a chunk the router asks for only once the app's own
// code has run — and that chunk's imports only once it has arrived. Served for a page's address,
// the HTML names that page's chunks too, so the browser fetches them beside the app's code
// instead of one after another.

/** One chunk of Vite's build manifest (`.vite/manifest.json`), as far as this reads it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The staff pages a clinic opens first, and the module of each page's code as the build's
 * manifest names it (the router's lazy imports, src/web/app/router.tsx).
 */
export const PAGE_CODE: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/(?:dashboard)?\/?$/, 'features/dashboard/components/dashboard-page.tsx'],
  [/^\/appointments\/?$/, 'features/appointments/components/appointments-page.tsx'],
  [/^\/calendar\/?$/, 'app/calendar-route.tsx'],
  [/^\/patients\/?$/, 'features/patients/components/patients-page.tsx'],
  [/^\/patients\/(?!duplicates\/?$|import\/?$)[^/]+\/?$/, 'app/patient-profile-route.tsx'],
  [/^\/waitlist\/?$/, 'app/waitlist-route.tsx'],
  [/^\/reports\/?$/, 'features/reports/components/reports-page.tsx'],
  [/^\/book\/?$/, 'features/appointments/components/book-page.tsx'],
];

/** Every chunk `key` imports, itself included, however deep. */
function closure(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * The files a page's code needs beyond what the app's HTML already loads (`entry`, index.html):
 * its scripts and its styles, in the build's order; empty when the manifest lacks the page.
 */
export function pageFiles(
  manifest: BuildManifest,
  page: string,
  entry = 'index.html',
): { scripts: string[]; styles: string[] } {
  const loaded = closure(manifest, entry);
  const needed = [...closure(manifest, page)].filter((key) => !loaded.has(key));
  const loadedStyles = new Set([...loaded].flatMap((key) => manifest[key]?.css ?? []));
  return {
    scripts: needed.map((key) => manifest[key]!.file),
    styles: [...new Set(needed.flatMap((key) => manifest[key]!.css ?? []))].filter(
      (file) => !loadedStyles.has(file),
    ),
  };
}

/** The HTML with the files preloaded at the end of its head. */
export function withPreloads(html: string, files: { scripts: string[]; styles: string[] }) {
  const links = [
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...files.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  if (links.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `${links.join('')}</head>`);
}
