import {
  descriptionLines,
  writtenText,
} from '@/features/deals/model/deal-text';

export function DescriptionView({
  description,
}: {
  description: string | string[];
}) {
  const { bullets, lines: written } = descriptionLines(description);
  const lines = written.map((line) => writtenText(line));
  if (bullets) {
    return (
      <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
        {lines.map((line, i) => (
          <li key={i} className="break-words">
            {line}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p className="whitespace-pre-line break-words text-sm text-slate-700">
      {lines.join('\n')}
    </p>
  );
}
