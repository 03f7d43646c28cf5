/**
 * The base path the daemon serves the app under. The daemon writes it into index.html as `<base href>`, so the
 * bundle learns it at run time and works under any base path without a rebuild.
 */
export function basePath(): string {
  return new URL(document.baseURI).pathname.replace(/\/+$/, '');
}

/** An absolute URL for a path relative to the base (`api/user` → `/baihu/api/user`). */
export function underBase(relative: string): string {
  return new URL(relative.replace(/^\//, ''), document.baseURI).toString();
}
