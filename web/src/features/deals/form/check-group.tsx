/** A labelled group of checkboxes (deliverables, platforms). */
export function CheckGroup({
  legend,
  options,
  labelOf,
  value,
  onChange,
}: {
  legend: string;
  options: readonly string[];
  labelOf: (o: string) => string;
  value: string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const on = value.includes(o);
          return (
            <label
              key={o}
              className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${on ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white'}`}
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={on}
                onChange={() =>
                  onChange(on ? value.filter((x) => x !== o) : [...value, o])
                }
              />
              {labelOf(o)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
