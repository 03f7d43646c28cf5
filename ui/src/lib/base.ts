/**
 * The base path the daemon serves the app under. The daemon writes it into index.html as `<base href>`, so the
 * bundle learns it at run time and works under any base path without a rebuild. Without a <base> element the
 * app is taken to live at the site root.
 */
function baseUrl(): URL {
  const base = document.querySelector('base[href]');
  return new URL(base ? document.baseURI : '/', window.location.origin);
}

/** '/baihu' for a base of '/baihu/', '' for the root. */
export function basePath(): string {
  return baseUrl().pathname.replace(/\/+$/, '');
}

/** An absolute URL for a path relative to the base (`api/user` → `/baihu/api/user`). */
export function underBase(relative: string): string {
  return new URL(relative.replace(/^\//, ''), baseUrl()).toString();
}
