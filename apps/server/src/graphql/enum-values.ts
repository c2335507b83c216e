/**
 * An enum's values, each with its description for the schema: keyed by every value of the domain's union, so a
 * value added to `@listwise/domain` without a description fails the typecheck rather than the schema lint.
 */
export function describedValues<T extends string>(descriptions: Record<T, string>): Record<T, { value: T; description: string }> {
  return Object.fromEntries(Object.entries<string>(descriptions).map(([value, description]) => [value, { value, description }])) as Record<
    T,
    { value: T; description: string }
  >;
}
