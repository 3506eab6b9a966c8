import PDFDocument from 'pdfkit';
import type { Programme, ProgrammeItem } from '../../../shared/exercise-programmes';
import { BODY_REGION_LABELS } from '../../../shared/exercises';

const CLINIC_NAME = 'Clinic Portal';

/** How much of an exercise, in the words the patient reads on the page: '3 sets × 10 reps, hold 5 s'. */
export function dosageText(
  item: Pick<ProgrammeItem, 'sets' | 'reps' | 'holdSeconds' | 'timesPerDay' | 'daysPerWeek'>,
) {
  const amount = [
    item.sets ? `${item.sets} ${item.sets === 1 ? 'set' : 'sets'}` : null,
    item.reps ? `${item.reps} reps` : null,
  ]
    .filter(Boolean)
    .join(' × ');
  const hold = item.holdSeconds ? `hold ${item.holdSeconds} s` : null;
  const often = `${item.timesPerDay === 1 ? 'once' : `${item.timesPerDay} times`} a day, ${item.daysPerWeek === 7 ? 'every day' : `${item.daysPerWeek} days a week`}`;
  return [amount || null, hold, often].filter(Boolean).join(', ');
}

/** The programme to print or keep: each exercise with its instructions and dosage. Uncompressed, so tests read it. */
export function programmePdf(programme: Programme): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: programme.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text(CLINIC_NAME);
  doc.moveDown(0.3).font('Helvetica').fontSize(14).text(`Home exercise programme: ${programme.title}`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`For ${programme.patientName}, from ${programme.practitionerName}`);
  doc.text(
    `Starts ${programme.startDate}${programme.reviewDate ? `, review on ${programme.reviewDate}` : ''} (version ${programme.version})`,
  );
  doc.moveDown();
  programme.items.forEach((item, index) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`${index + 1}. ${item.name}`);
    doc.font('Helvetica').fontSize(10).text(BODY_REGION_LABELS[item.bodyRegion]);
    doc.text(dosageText(item));
    if (item.instructions) doc.moveDown(0.2).text(item.instructions);
    if (item.notes) doc.moveDown(0.2).font('Helvetica-Oblique').text(`Note: ${item.notes}`).font('Helvetica');
    doc.moveDown();
  });
  doc.end();
  return done;
}
