/** An entry of a select: what the user reads and what is sent. */
export interface Option<V extends string | number = string> {
  label: string;
  value: V;
}

/** Options in the order of `values` (not of `labels`), so the product's order of an enum is kept. */
export const toOptions = <V extends string>(
  values: readonly V[],
  labels: Readonly<Record<V, string>>,
): Option<V>[] => values.map((value) => ({ label: labels[value], value }));

/** Options from a code → label map, e.g. the countries answer (docs/product.md §3), in the map's own order. */
export const recordToOptions = (record: Readonly<Record<string, string>>): Option[] =>
  Object.entries(record).map(([value, label]) => ({ label, value }));
