/**
 * The site's name in running text, in the shipped faces on every page: its Devanagari half
 * ("Patrika — पत्रिका") from a face cut for those letters on English pages (app.css
 * `.site-name`), so they neither show as boxes nor fetch the whole Devanagari face.
 */
export function SiteName({ name }: { name: string }) {
  return <span className="site-name">{name}</span>;
}
