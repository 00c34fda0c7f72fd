/** Share pages and their public API stay out of search engines, and their addresses out of other sites' referrer logs. */
export function markShareAnswer(reply: { header(name: string, value: string): unknown }) {
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-robots-tag', 'noindex, nofollow');
}
