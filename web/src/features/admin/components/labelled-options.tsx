/** A filter's options: "All" (the empty value), then one option per value with its label. */
export function LabelledOptions<V extends string>({
  values,
  labels,
}: {
  values: readonly V[];
  labels: Record<V, string>;
}) {
  return (
    <>
      <option value="">All</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {labels[v]}
        </option>
      ))}
    </>
  );
}
