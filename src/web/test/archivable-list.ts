import { json, type ApiHandler } from './api-stub';

/**
 * A clinic's services or resources as a page test's fake server keeps them: `path` lists them
 * (GET) and adds one (POST, made by `make` from what was sent); `path/{id}/archive` and
 * `path/{id}/restore` archive and restore one. What else the test's server answers about an item
 * goes through `update`, so that the list shows it.
 */
export function archivableList<T extends { id: string; archived: boolean }>(
  path: string,
  start: T[],
  make: (body: unknown) => T,
) {
  let items = start;
  const update = (id: string | undefined, change: (item: T) => T) => {
    items = items.map((item) => (item.id === id ? change(item) : item));
    return items.find((item) => item.id === id);
  };
  const serve: ApiHandler = ({ url, method, body }) => {
    if (url.pathname === path && method === 'GET') return json({ data: items });
    if (url.pathname === path && method === 'POST') {
      const made = make(body);
      items = [...items, made];
      return json(made, 201);
    }
    const archived = /\/([^/]+)\/(archive|restore)$/.exec(url.pathname);
    if (archived && method === 'POST' && url.pathname.startsWith(`${path}/`)) {
      return json(
        update(archived[1], (item) => ({ ...item, archived: archived[2] === 'archive' })),
      );
    }
    return null;
  };
  return { serve, update };
}
