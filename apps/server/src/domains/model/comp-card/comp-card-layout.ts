/**
 * How a comp card looks (docs/product.md "Models"): A4 portrait. The front is the cover, large, over the
 * model's name (with the English name), the measurements with Chinese and English labels, and the agency;
 * the back, when photos were chosen, holds them in a grid over the same details, smaller. Drawn with
 * pdfkit on the shared A4 document (`documents/pdf-document.ts`) in Noto Sans SC, embedded as a subset of
 * the glyphs used.
 */
import type { CompCardFigure, CompCardFigureKey } from '@trackit/contract/comp-card';
import {
  A4,
  CONTENT_WIDTH,
  HAIRLINE,
  INK,
  MARGIN,
  MUTED,
  newPdf,
  renderPdf,
} from '../../../documents/pdf-document';
import type { PdfFonts, PdfWeight } from '../../../documents/pdf-fonts';
import { type Box, fitText, flowColumns, photoGrid } from './comp-card-geometry';

/** Between photos of the grid. */
const GUTTER = 8;
/** Between the photos and the details under them. */
const PHOTO_TO_DETAILS = 22;

/** The English beside each label: the card also goes to clients and photographers abroad. */
const FIGURE_ENGLISH: Readonly<Record<CompCardFigureKey, string>> = {
  height: 'HEIGHT',
  bust: 'BUST',
  waist: 'WAIST',
  hips: 'HIPS',
  shoe_size: 'SHOES',
  clothing_size: 'SIZE',
  hair_color: 'HAIR',
  eye_color: 'EYES',
};

export interface CompCardContent {
  name: string;
  englishName: string | null;
  figures: CompCardFigure[];
  agency: string;
  /** When the card is made: the PDF's creation date. */
  createdAt: Date;
}

/** The photos to draw, each already cropped to its frame's shape (JPEG). */
export interface CompCardPhotos {
  front: Buffer;
  back: Buffer[];
}

/** A card being made: the frames its photos go in (the service renders them to size), then the PDF. */
export interface CompCardDraft {
  frames: { front: Box; back: Box[] };
  finish(photos: CompCardPhotos): Promise<Buffer>;
}

/** Type sizes of the details: large under the cover, smaller under the grid. */
interface DetailsType {
  name: number;
  smallestName: number;
  english: number;
  label: number;
  value: number;
  agency: number;
}
const FRONT_TYPE: DetailsType = { name: 30, smallestName: 16, english: 10, label: 7, value: 13, agency: 8.5 };
const BACK_TYPE: DetailsType = { name: 18, smallestName: 12, english: 8.5, label: 6.5, value: 11, agency: 8 };

/** Letter spacing of the small capitals (English name, labels, agency), in points. */
const TRACKING = { english: 2.2, label: 0.8, agency: 4 } as const;

/** The name, English name, measurements and agency, laid out from the block's top; `height` in points. */
interface DetailsPlan {
  height: number;
  draw(top: number): void;
}

function planDetails(doc: PDFKit.PDFDocument, content: CompCardContent, type: DetailsType): DetailsPlan {
  const measure =
    (weight: PdfWeight, characterSpacing = 0) =>
    (text: string, size: number) =>
      doc.font(weight).fontSize(size).widthOfString(text, { characterSpacing });

  const name = fitText(
    content.name,
    CONTENT_WIDTH,
    { largest: type.name, smallest: type.smallestName },
    measure('medium'),
  );
  const nameWidth = measure('medium')(name.text, name.size);
  const englishText = content.englishName?.toUpperCase() ?? '';
  const english = englishText
    ? fitText(
        englishText,
        CONTENT_WIDTH,
        { largest: type.english, smallest: type.english - 2 },
        measure('light', TRACKING.english),
      )
    : undefined;
  const englishGap = type.english * 1.6;
  // The English name follows the name on its line when there is room, else it goes under it.
  const englishWidth = english ? measure('light', TRACKING.english)(english.text, english.size) : 0;
  const englishBeside = english !== undefined && nameWidth + englishGap + englishWidth <= CONTENT_WIDTH;
  const nameBaseline = name.size * 0.92;
  const englishBaseline = englishBeside ? nameBaseline : nameBaseline + type.english * 2;
  const nameBottom = (english && !englishBeside ? englishBaseline : nameBaseline) + name.size * 0.2;

  const columns = content.figures.map((figure) => {
    const label = `${figure.label} ${FIGURE_ENGLISH[figure.key]}`;
    const width = Math.max(
      measure('light', TRACKING.label)(label, type.label),
      measure('medium')(figure.value, type.value),
    );
    return { label, value: figure.value, width };
  });
  const flow = flowColumns(
    columns.map((column) => column.width),
    CONTENT_WIDTH,
    type.value * 1.9,
  );
  const figuresTop = nameBottom + type.value * 1.1;
  const rowHeight = type.label * 1.6 + type.value * 1.5;
  // Rows that wrap (long hair or eye colours) keep apart, label to the value above.
  const rowStep = rowHeight + type.value * 0.7;
  const figuresBottom = figuresTop + (flow.rows > 0 ? (flow.rows - 1) * rowStep + rowHeight : 0);
  const ruleY = figuresBottom + (flow.rows > 0 ? type.value * 0.4 : 0);
  const agency = fitText(
    content.agency,
    CONTENT_WIDTH,
    { largest: type.agency, smallest: type.agency - 2 },
    measure('medium', TRACKING.agency),
  );
  const agencyBaseline = ruleY + type.agency * 2.6;
  const height = agencyBaseline + type.agency * 0.3;

  return {
    height,
    draw(top) {
      const line = { lineBreak: false, baseline: 'alphabetic' } as const;
      doc
        .fillColor(INK)
        .font('medium')
        .fontSize(name.size)
        .text(name.text, MARGIN, top + nameBaseline, line);
      if (english) {
        doc
          .fillColor(MUTED)
          .font('light')
          .fontSize(english.size)
          .text(
            english.text,
            englishBeside ? MARGIN + nameWidth + englishGap : MARGIN,
            top + englishBaseline,
            {
              ...line,
              characterSpacing: TRACKING.english,
            },
          );
      }
      columns.forEach((column, index) => {
        const place = flow.placed[index];
        if (!place) return;
        const x = MARGIN + place.x;
        const rowTop = top + figuresTop + place.row * rowStep;
        doc
          .fillColor(MUTED)
          .font('light')
          .fontSize(type.label)
          .text(column.label, x, rowTop + type.label, { ...line, characterSpacing: TRACKING.label });
        doc
          .fillColor(INK)
          .font('medium')
          .fontSize(type.value)
          .text(column.value, x, rowTop + type.label * 1.6 + type.value * 1.05, line);
      });
      doc
        .moveTo(MARGIN, top + ruleY)
        .lineTo(MARGIN + CONTENT_WIDTH, top + ruleY)
        .lineWidth(0.5)
        .strokeColor(HAIRLINE)
        .stroke();
      const agencyWidth = measure('medium', TRACKING.agency)(agency.text, agency.size);
      doc
        .fillColor(INK)
        .font('medium')
        .fontSize(agency.size)
        .text(agency.text, MARGIN + (CONTENT_WIDTH - agencyWidth) / 2, top + agencyBaseline, {
          ...line,
          characterSpacing: TRACKING.agency,
        });
    },
  };
}

/** The room above a details block that sits on the bottom margin. */
const roomAbove = (details: DetailsPlan): Box => ({
  x: MARGIN,
  y: MARGIN,
  width: CONTENT_WIDTH,
  height: A4.height - MARGIN - details.height - PHOTO_TO_DETAILS - MARGIN,
});

/**
 * Starts a card with `backPhotos` photos on the back (none: a one-page card). The fonts are registered
 * and the text measured first, since the photos get whatever room the details leave.
 */
export function draftCompCard(content: CompCardContent, backPhotos: number, fonts: PdfFonts): CompCardDraft {
  const info = {
    title: `模卡 ${content.name}`,
    author: content.agency,
    subject: 'Comp card',
    createdAt: content.createdAt,
  };
  const doc = newPdf(info, fonts);
  const front = planDetails(doc, content, FRONT_TYPE);
  const back = planDetails(doc, content, BACK_TYPE);
  const frames = {
    front: roomAbove(front),
    back: photoGrid(backPhotos, roomAbove(back), GUTTER),
  };

  return {
    frames,
    finish(photos) {
      const drawPhoto = (photo: Buffer, frame: Box) =>
        doc.image(photo, frame.x, frame.y, { width: frame.width, height: frame.height });
      return renderPdf(doc, () => {
        doc.addPage();
        drawPhoto(photos.front, frames.front);
        front.draw(A4.height - MARGIN - front.height);
        if (frames.back.length === 0) return;
        doc.addPage();
        frames.back.forEach((frame, index) => {
          const photo = photos.back[index];
          if (photo) drawPhoto(photo, frame);
        });
        back.draw(A4.height - MARGIN - back.height);
      });
    },
  };
}
