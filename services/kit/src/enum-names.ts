/**
 * Both ways between a generated proto enum and the names a service uses for its values: `values` by name, and
 * `nameOf` a value (undefined for a value without a name, such as UNSPECIFIED or one a newer peer added).
 */
export function enumNames<Name extends string, Value extends number>(values: Record<Name, Value>) {
  const names = new Map<number, Name>(Object.entries<Value>(values).map(([name, value]) => [value, name as Name]));
  return { values, nameOf: (value: number): Name | undefined => names.get(value) };
}
