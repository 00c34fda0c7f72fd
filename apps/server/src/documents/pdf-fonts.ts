/**
 * The typeface of every PDF: Noto Sans SC (SIL OFL 1.1), static TrueType weights shipped by the npm package
 * @expo-google-fonts/noto-sans-sc, so a fresh `npm ci` is all a machine needs (docs/decisions.md
 * "Documents"). Each PDF embeds only the glyphs it uses.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

const FONT_FILES = {
  light: '@expo-google-fonts/noto-sans-sc/300Light/NotoSansSC_300Light.ttf',
  medium: '@expo-google-fonts/noto-sans-sc/500Medium/NotoSansSC_500Medium.ttf',
} as const;

/** The two weights, registered in every document under these names. */
export type PdfWeight = keyof typeof FONT_FILES;
export type PdfFonts = Readonly<Record<PdfWeight, Font>>;

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit also takes a font fontkit has parsed (PDFFontFactory.open in pdfkit.node.mjs). */
      registerFont(name: string, src: Font): this;
    }
  }
}

const resolveFile = createRequire(import.meta.url).resolve;

/** The weight's file parsed by fontkit, the engine pdfkit draws with. */
async function parsed(weight: PdfWeight): Promise<Font> {
  const font = create(await readFile(resolveFile(FONT_FILES[weight])));
  if (!('layout' in font)) throw new Error(`${FONT_FILES[weight]} is a font collection`);
  return font;
}

let loaded: Promise<PdfFonts> | undefined;

/**
 * The two weights (about 10 MB each), read and parsed on the first document and kept. Handing pdfkit the
 * bytes instead made it parse both fonts again for every PDF: some 40-120 ms of one thread each time
 * (docs/benchmarks.md "The largest order"), where the parsed fonts (and the glyphs they have decoded)
 * serve every document. Each PDF still embeds only the glyphs it uses (a few kilobytes).
 */
export function loadPdfFonts(): Promise<PdfFonts> {
  loaded ??= (async () => {
    const [light, medium] = await Promise.all([parsed('light'), parsed('medium')]);
    return { light, medium };
  })().catch((error: unknown) => {
    loaded = undefined; // a later document tries again
    throw error;
  });
  return loaded;
}
