import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_CODE, pageFiles, withPreloads, type BuildManifest } from './route-preloads';

// A page's code named in the staff app's HTML (issue 49): what the page needs beyond the app's
// own code, read from the build's manifest.

const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/main-1.js',
    imports: ['_react-1.js', '_query-1.js'],
    css: ['assets/main-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_query-1.js': { file: 'assets/query-1.js', imports: ['_react-1.js'] },
  'features/list-page.tsx': {
    file: 'assets/list-page-1.js',
    imports: ['_react-1.js', 'index.html', '_table-1.js'],
    css: ['assets/list-page-1.css'],
  },
  '_table-1.js': {
    file: 'assets/table-1.js',
    imports: ['_query-1.js', '_cell-1.js'],
    css: ['assets/main-1.css'],
  },
  '_cell-1.js': { file: 'assets/cell-1.js' },
};

describe('a page’s files', () => {
  it('are its chunk and everything it imports however deep, less what the app’s HTML loads', () => {
    expect(pageFiles(manifest, 'features/list-page.tsx')).toEqual({
      scripts: ['assets/list-page-1.js', 'assets/table-1.js', 'assets/cell-1.js'],
      styles: ['assets/list-page-1.css'],
    });
  });

  it('are none for a page the build does not have', () => {
    expect(pageFiles(manifest, 'features/gone-page.tsx')).toEqual({ scripts: [], styles: [] });
  });

  it('are named at the end of the head, and the HTML is left as it is when there are none', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withPreloads(html, { scripts: ['assets/a.js'], styles: ['assets/a.css'] })).toBe(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="preload" as="style" crossorigin href="/assets/a.css"></head><body></body></html>',
    );
    expect(withPreloads(html, { scripts: [], styles: [] })).toBe(html);
  });
});

describe('the pages whose code the HTML names', () => {
  const router = readFileSync(new URL('../../web/app/router.tsx', import.meta.url), 'utf8');

  it.each(PAGE_CODE.map(([, page]) => page))('%s is a page the router loads', (page) => {
    const module = page.replace(/\.tsx$/, '');
    const imported = module.startsWith('app/')
      ? `import('./${module.slice('app/'.length)}')`
      : `import('@web/${module}')`;
    expect(router).toContain(imported);
  });

  it.each([
    ['/', 'dashboard'],
    ['/dashboard', 'dashboard'],
    ['/appointments', 'appointments-page'],
    ['/patients', 'patients-page'],
    ['/patients/3f2c', 'patient-profile-route'],
    ['/calendar', 'calendar-route'],
  ])('%s is the %s page', (url, name) => {
    expect(PAGE_CODE.find(([route]) => route.test(url))?.[1]).toContain(name);
  });

  it.each(['/patients/duplicates', '/patients/import', '/settings'])(
    '%s names no other page’s code',
    (url) => {
      expect(PAGE_CODE.find(([route]) => route.test(url))).toBeUndefined();
    },
  );
});
