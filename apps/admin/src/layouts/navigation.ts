/**
 * What the side menu, the breadcrumb and the landing redirect derive from the permission keys of the
 * signed-in member and the contract's menu (docs/product.md §2 "Shell navigation", §6). Pure, for unit tests.
 * Paths are relative to the router's basename (/admin).
 */
import { MESSAGES } from '@trackit/contract/messages';
import { type MenuEntry, PERMISSION_MENU, type PermissionKey } from '@trackit/contract/permissions';

/** Signed-in pages outside the permission menu (any member may open them). */
export const SHELL_PAGES = {
  setting: MESSAGES.settings,
  notify: '消息通知',
} as const;

/** Path segments that are neither a menu entry nor an id. */
const SEGMENT_LABELS: Readonly<Record<string, string>> = {
  new: '新建',
  export: '导出',
  import: '导入',
};

export interface NavChild {
  /** The page's path, e.g. `/information/model`: also the antd menu key. */
  key: string;
  label: string;
}

export interface NavItem {
  /** `/dashboard` for a single page, `/information` for a group. */
  key: string;
  label: string;
  permission: PermissionKey;
  /** Empty for a single page. */
  children: NavChild[];
}

const toNavItem = (entry: MenuEntry): NavItem => ({
  key: `/${entry.path}`,
  label: entry.label,
  permission: entry.key,
  children: entry.children.map((child) => ({ key: `/${entry.path}/${child.path}`, label: child.label })),
});

/** The menu entries the member holds, in menu order; unknown keys are ignored. */
export const navItemsFor = (keys: Iterable<string>): NavItem[] => {
  const held = new Set(keys);
  return PERMISSION_MENU.filter((entry) => held.has(entry.key)).map(toNavItem);
};

/** Where an entry opens: its own page, or its first child when it has children (docs/product.md §2 redirects). */
export const entryPath = (entry: MenuEntry): string => {
  const first = entry.children[0];
  return first ? `/${entry.path}/${first.path}` : `/${entry.path}`;
};

/**
 * Where `/admin` with no sub-path goes: the entry of the first permission returned (the server's order),
 * or undefined when the member holds no known key (the signed-in home shows instead).
 */
export const firstEntryPath = (keys: readonly string[]): string | undefined => {
  for (const key of keys) {
    const entry = PERMISSION_MENU.find((candidate) => candidate.key === key);
    if (entry) return entryPath(entry);
  }
  return undefined;
};

const segmentsOf = (pathname: string): string[] =>
  pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });

/** The menu item to highlight for a path: the page itself or the list page a detail page belongs to. */
export const selectedNavKey = (pathname: string): string | undefined => {
  const [first, second] = segmentsOf(pathname);
  const entry = PERMISSION_MENU.find((candidate) => candidate.path === first);
  if (!entry) return undefined;
  if (entry.children.length === 0) return `/${entry.path}`;
  const child = entry.children.find((candidate) => candidate.path === second);
  return child ? `/${entry.path}/${child.path}` : undefined;
};

/** The menu group to open for a path, if the path lies in one. */
export const openNavKey = (pathname: string): string | undefined => {
  const [first] = segmentsOf(pathname);
  const entry = PERMISSION_MENU.find((candidate) => candidate.path === first);
  return entry && entry.children.length > 0 ? `/${entry.path}` : undefined;
};

export interface Crumb {
  key: string;
  label: string;
  /** Set when the crumb is a page one can go back to (never on the last crumb). */
  path?: string;
}

/**
 * The breadcrumb of a path: menu labels for menu segments, 新建/导出/导入 for those words, anything else
 * (ids) as it is. `lastTitle` replaces the last segment (a page's own title, e.g. a model's name).
 */
export const breadcrumbTrail = (pathname: string, lastTitle?: string): Crumb[] => {
  const segments = segmentsOf(pathname);
  const [first] = segments;
  if (first === undefined) return [];
  const entry = PERMISSION_MENU.find((candidate) => candidate.path === first);
  const shellLabel = Object.hasOwn(SHELL_PAGES, first)
    ? SHELL_PAGES[first as keyof typeof SHELL_PAGES]
    : undefined;

  const crumbs = segments.map((segment, index): Crumb => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    if (index === 0) {
      const label = entry?.label ?? shellLabel ?? segment;
      // A group (信息管理) is no page of its own; a single page is.
      return entry?.children.length === 0 || shellLabel ? { key: path, label, path } : { key: path, label };
    }
    const child = index === 1 ? entry?.children.find((candidate) => candidate.path === segment) : undefined;
    if (child) return { key: path, label: child.label, path };
    return {
      key: path,
      label: (Object.hasOwn(SEGMENT_LABELS, segment) && SEGMENT_LABELS[segment]) || segment,
    };
  });

  const last = crumbs.at(-1);
  if (last) {
    delete last.path;
    if (lastTitle) last.label = lastTitle;
  }
  return crumbs;
};
