/** The same server and credentials, another database. */
export function databaseUrlWithName(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
