import type {
  DocumentLayout,
  DocumentLine,
} from '@machines/documents/document-layout';

/**
 * An amount stays on one line; a long reference (no spaces) may break anywhere; words (a
 * milestone's "€ 100,00 · uitbetaald op 28 november 2026") wrap between words, never inside one.
 */
function valueWrap(value: string): string {
  if (value.length <= 16) return 'shrink-0 whitespace-nowrap';
  return /\s/.test(value) ? 'min-w-0 break-words' : 'break-all';
}

function Line({ line }: { line: DocumentLine }) {
  if (line.block)
    return (
      <div className="py-1">
        <dt className="font-medium text-slate-700">{line.label}</dt>
        <dd className="mt-0.5 break-words whitespace-pre-line">{line.value}</dd>
      </div>
    );
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${line.strong ? 'font-semibold' : ''}`}
    >
      <dt className="text-slate-600 print:text-slate-700">{line.label}</dt>
      <dd className={`text-right tabular-nums ${valueWrap(line.value)}`}>
        {line.value}
      </dd>
    </div>
  );
}

/**
 * A document as paper: the layout the server's PDF draws too, on a white sheet that the print
 * styles (index.css, `.document-sheet`) put alone on an A4 page.
 */
export function DocumentSheet({ layout }: { layout: DocumentLayout }) {
  return (
    <article
      lang={layout.lang}
      className="document-sheet rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-900 shadow-sm"
    >
      <h1 className="text-2xl font-bold">{layout.title}</h1>
      <p className="mt-1 text-slate-600">{layout.intro}</p>
      <dl className="mt-4">
        {layout.head.map((line) => (
          <Line key={line.label} line={line} />
        ))}
      </dl>
      {layout.sections.map((section) => (
        <section key={section.heading} className="mt-5">
          <h2 className="border-b border-slate-200 pb-1 text-base font-semibold">
            {section.heading}
          </h2>
          <dl className="mt-1">
            {section.lines.map((line) => (
              <Line key={line.label} line={line} />
            ))}
          </dl>
        </section>
      ))}
      <p className="mt-6 text-xs text-slate-600">{layout.note}</p>
      <p className="mt-4 hidden text-center text-xs text-slate-500 print:block">
        {layout.footer}
      </p>
    </article>
  );
}
