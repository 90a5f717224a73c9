/**
 * The posted text fields a schema names, as the JSON body for its endpoint: a page's form post
 * carries other fields (returnTo, a chosen date) that the endpoint has no use for.
 */
export function pickFields(fields: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => Object.hasOwn(fields, name)).map((name) => [name, fields[name]!]));
}
