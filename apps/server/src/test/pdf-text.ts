/**
 * A PDF's text, page by page, read in JavaScript (Mozilla's pdf.js, the legacy build made for Node), so the
 * PDF tests need nothing but `npm ci`. The text comes in drawing order; where the layout's spacing does
 * not matter, compare it squeezed (`squeeze`).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page of `pdf`, one string per page. */
export async function pdfPages(pdf: Buffer | Uint8Array): Promise<string[]> {
  // pdf.js takes its input over: hand it a copy, never the caller's bytes.
  const loading = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 });
  try {
    const document = await loading.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      );
    }
    return pages;
  } finally {
    // pdf.js 6 ends a document through the task that loaded it (its worker included).
    await loading.destroy();
  }
}

/** All of `pdf`'s text, the pages one after another. */
export const pdfText = async (pdf: Buffer | Uint8Array): Promise<string> => (await pdfPages(pdf)).join('\n');

/** The text without its white space: the words, not the layout's spacing. */
export const squeeze = (text: string): string => text.replace(/\s+/g, '');
