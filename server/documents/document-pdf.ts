import PDFDocument from 'pdfkit';
import type {
  DocumentLayout,
  DocumentLine,
} from '@machines/documents/document-layout';

const MARGIN = 56;
const A4_WIDTH = 595.28;
const WIDTH = A4_WIDTH - 2 * MARGIN;
const LABEL_WIDTH = WIDTH * 0.55;
const INK = '#0f172a';
const MUTED = '#475569';

type Pdf = PDFKit.PDFDocument;

/** A label on the left, its value on the right; both wrap within their column. A block: label, then the value across the width. */
function drawLine(pdf: Pdf, line: DocumentLine): void {
  const y = pdf.y;
  if (line.block) {
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(line.label, MARGIN, y, { width: WIDTH });
    pdf.font('Helvetica').text(line.value, MARGIN, pdf.y + 2, { width: WIDTH });
    pdf.y += 4;
    return;
  }
  pdf
    .font(line.strong ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(10)
    .fillColor(INK);
  pdf.text(line.label, MARGIN, y, { width: LABEL_WIDTH - 8 });
  const afterLabel = pdf.y;
  pdf.text(line.value, MARGIN + LABEL_WIDTH, y, {
    width: WIDTH - LABEL_WIDTH,
    align: 'right',
  });
  pdf.y = Math.max(afterLabel, pdf.y) + 4;
}

function drawRule(pdf: Pdf): void {
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + WIDTH, pdf.y)
    .lineWidth(0.5)
    .strokeColor('#cbd5e1')
    .stroke();
  pdf.y += 8;
}

function drawBody(pdf: Pdf, layout: DocumentLayout): void {
  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(layout.title, MARGIN, MARGIN);
  pdf
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(layout.intro);
  pdf.moveDown(1);
  for (const line of layout.head) drawLine(pdf, line);
  for (const section of layout.sections) {
    pdf.moveDown(1);
    pdf
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(INK)
      .text(section.heading, MARGIN);
    pdf.moveDown(0.3);
    drawRule(pdf);
    for (const line of section.lines) drawLine(pdf, line);
  }
  pdf.moveDown(1.5);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(layout.note, MARGIN, pdf.y, {
      width: WIDTH,
    });
}

/**
 * The PDF of a document: the same layout the web app prints (document-layout.ts), drawn on one
 * A4 page with pdfkit's built-in Helvetica (ADR 0024).
 */
export function renderDocumentPdf(layout: DocumentLayout): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: layout.lang,
    info: { Title: `${layout.title} ${layout.fileName.replace(/\.pdf$/, '')}` },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  drawBody(pdf, layout);
  const bottom = pdf.page.height - MARGIN;
  pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
  // The footer sits inside the bottom margin; lowering the margin keeps pdfkit from adding a page.
  pdf.page.margins.bottom = 0;
  pdf.text(layout.footer, MARGIN, bottom + 16, {
    width: WIDTH,
    align: 'center',
    lineBreak: false,
  });
  pdf.end();
  return done;
}
