/**
 * The comp card's typeface: Noto Sans SC (SIL OFL 1.1), static TrueType weights shipped by the npm package
 * @expo-google-fonts/noto-sans-sc, so a fresh `npm ci` is all a machine needs (docs/decisions.md).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const FONT_FILES = {
  light: '@expo-google-fonts/noto-sans-sc/300Light/NotoSansSC_300Light.ttf',
  medium: '@expo-google-fonts/noto-sans-sc/500Medium/NotoSansSC_500Medium.ttf',
} as const;

export type CompCardWeight = keyof typeof FONT_FILES;
export type CompCardFonts = Readonly<Record<CompCardWeight, Buffer>>;

const resolveFile = createRequire(import.meta.url).resolve;

let loaded: Promise<CompCardFonts> | undefined;

/**
 * The two weights' bytes (about 10 MB each), read on the first card and kept: reading them again for
 * every card would cost the same memory per request instead of once. Each PDF embeds only the glyphs
 * it uses (a few kilobytes).
 */
export function loadCompCardFonts(): Promise<CompCardFonts> {
  loaded ??= (async () => {
    const [light, medium] = await Promise.all([
      readFile(resolveFile(FONT_FILES.light)),
      readFile(resolveFile(FONT_FILES.medium)),
    ]);
    return { light, medium };
  })().catch((error: unknown) => {
    loaded = undefined; // a later card tries again
    throw error;
  });
  return loaded;
}
