/**
 * Place suggestions for the order form (GET /v1/places, docs/product.md "Orders"): the keyword goes to the
 * place-text search of the provider MAP_PROVIDER names, with the server's MAP_KEY. Without a provider or
 * a key the answer says so (`enabled` false) and the form keeps a plain text field. A provider that fails
 * or takes longer than PLACE_TIMEOUT_MS is a 503 with a message telling staff to type the place instead.
 * The key travels in the provider's query string: it is never logged.
 */
import type { Place, PlaceSearch, placeQuerySchema } from '@trackit/contract/order.schema';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';

export type PlaceQuery = z.infer<typeof placeQuerySchema>;

export interface PlaceDeps {
  map: Config['map'];
  log: FastifyBaseLogger;
}

/** How long a suggestion may take: the form asks again as the user types. */
export const PLACE_TIMEOUT_MS = 3000;
/** Suggestions per answer. */
const PLACE_LIMIT = 10;

const PROVIDER_ORIGINS = {
  amap: 'https://restapi.amap.com',
  tencent: 'https://apis.map.qq.com',
} as const;

type Provider = keyof typeof PROVIDER_ORIGINS;

/** A provider's request for a keyword, and how its answer reads as places (or why it is refused). */
interface ProviderCall {
  path: string;
  params(query: PlaceQuery, key: string): Record<string, string>;
  read(body: unknown): Place[] | { refused: string };
}

/** AMap writes an empty field as `[]`; anything not a text is read as empty. */
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const PROVIDERS: Readonly<Record<Provider, ProviderCall>> = {
  // 高德 Web 服务「关键字搜索」v3: {status: "1", info, pois: [{name, address, cityname, pname}]}.
  amap: {
    path: '/v3/place/text',
    params: (query, key) => ({
      keywords: query.keyword,
      city: query.city ?? '',
      offset: String(PLACE_LIMIT),
      key,
    }),
    read(body) {
      const answer = record(body);
      if (text(answer.status) !== '1') return { refused: `${text(answer.infocode)} ${text(answer.info)}` };
      return list(answer.pois).map((item) => {
        const poi = record(item);
        return {
          name: text(poi.name),
          address: text(poi.address),
          city: text(poi.cityname) || text(poi.pname),
        };
      });
    },
  },
  // 腾讯位置服务「关键词输入提示」: {status: 0, message, data: [{title, address, province, city}]}.
  tencent: {
    path: '/ws/place/v1/suggestion',
    params: (query, key) => ({ keyword: query.keyword, region: query.city ?? '', key }),
    read(body) {
      const answer = record(body);
      if (answer.status !== 0) return { refused: `${String(answer.status)} ${text(answer.message)}` };
      return list(answer.data).map((item) => {
        const place = record(item);
        return {
          name: text(place.title),
          address: text(place.address),
          city: text(place.city) || text(place.province),
        };
      });
    },
  },
};

const placesFailed = () => new AppError('serviceUnavailable', { message: ORDER_MESSAGES.placesFailed });

/** Up to PLACE_LIMIT places matching the keyword (in `city` first, when given). */
export async function searchPlaces(deps: PlaceDeps, query: PlaceQuery): Promise<PlaceSearch> {
  const { provider, key, baseUrl } = deps.map;
  if (provider === 'none' || !key) return { enabled: false, items: [] };
  const call = PROVIDERS[provider];
  const url = new URL(`${baseUrl ?? PROVIDER_ORIGINS[provider]}${call.path}`);
  for (const [name, value] of Object.entries(call.params(query, key))) url.searchParams.set(name, value);

  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PLACE_TIMEOUT_MS),
    });
    if (!response.ok) {
      deps.log.warn({ provider, status: response.status }, 'place search: provider answered an error');
      throw placesFailed();
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The error's own text may quote the address, key included: only its name is logged.
    const reason = error instanceof Error ? error.name : 'unknown';
    deps.log.warn({ provider, reason }, 'place search: provider unreachable');
    throw placesFailed();
  }
  const places = call.read(body);
  if ('refused' in places) {
    deps.log.warn({ provider, refused: places.refused }, 'place search: provider refused');
    throw placesFailed();
  }
  return { enabled: true, items: places.filter((place) => place.name).slice(0, PLACE_LIMIT) };
}
