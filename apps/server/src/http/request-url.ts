/**
 * How the router reads an address. Left to itself it answers a bare, English 400 (a 414 for a long path
 * segment) outside every hook and the envelope when a path does not decode; here such an address is
 * simply one that names nothing, answered like any other unknown address (a share page's 404, the
 * envelope's 400 or 404), through the same hooks: the share limit, the security headers.
 */

/**
 * The longest path segment the router takes as a parameter: longer than any request line Node accepts
 * (its 16 KB header limit), so a long segment reaches the route and its schema instead of the router's
 * own 414.
 */
export const MAX_PARAM_LENGTH = 16_384;

/**
 * The address with its path read literally (`%` as `%25`) when the path's percent-encoding does not
 * decode (`/h5/f/%E4%B8`, half a character); any other address unchanged. The query is left to the
 * query parser, which keeps an undecodable value as written.
 */
export function literalWhenUndecodable(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return url;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return `${path.replaceAll('%', '%25')}${queryAt === -1 ? '' : url.slice(queryAt)}`;
  }
}
