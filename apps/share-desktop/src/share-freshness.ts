/**
 * How long the share pages trust an answer. Its file addresses are signed for 5 to 10 minutes (the
 * server's publicUrlSeconds: they end on a 5-minute boundary, so answers within one window carry the same
 * addresses and the browser's cache keeps serving the pictures). An answer is used for 4 minutes, then
 * fetched again whenever the page is on screen: every 4 minutes, on coming back to the tab, on opening the
 * page again. So a photo scrolled to, previewed or downloaded late never meets an expired address.
 */
export const SHARE_FRESHNESS = {
  staleTime: 4 * 60_000,
  refetchInterval: 4 * 60_000,
  refetchOnWindowFocus: true,
} as const;
