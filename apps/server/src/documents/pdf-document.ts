/**
 * An A4 PDF: the page, its margins and inks, the document with the two font weights registered, and its
 * bytes once drawn. Every PDF the server makes (comp card, order confirmation, and the finance documents)
 * starts here; `pdf-frame.ts` lays out flowing pages (header, footer, page numbers, tables) on top of it.
 */
import PDFDocument from 'pdfkit';
import type { PdfFonts } from './pdf-fonts';

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 40;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;

export const INK = '#1a1a1a';
export const MUTED = '#7f7f7f';
export const HAIRLINE = '#d0d0d0';
export const HEADER_FILL = '#f2f4f7';

/** What the PDF says about itself (the viewer's title bar and document properties). */
export interface PdfInfo {
  title: string;
  /** The agency. */
  author: string;
  subject: string;
  createdAt: Date;
}

/**
 * An empty A4 document (pages are added by the caller) with the fonts registered as `light` and
 * `medium`. `bufferPages` keeps the pages open until the end, for page numbers written last.
 */
export function newPdf(
  info: PdfInfo,
  fonts: PdfFonts,
  { bufferPages = false }: { bufferPages?: boolean } = {},
): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: [A4.width, A4.height],
    margin: 0,
    autoFirstPage: false,
    bufferPages,
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: 'TrackIt',
      CreationDate: info.createdAt,
    },
  });
  doc.registerFont('light', fonts.light);
  doc.registerFont('medium', fonts.medium);
  return doc;
}

/** Draws the document with `draw` and answers its bytes; the document is ended even when drawing fails. */
export async function renderPdf(doc: PDFKit.PDFDocument, draw: () => void | Promise<void>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    await draw();
  } finally {
    doc.end();
  }
  return done;
}
