/**
 * The site's name in running text. Its Devanagari half ("Patrika — पत्रिका") would make an
 * English page download the Devanagari font for one word, so English pages draw it in the
 * system's fonts (app.css `.site-name`); Hindi pages keep the web font they load anyway.
 */
export function SiteName({ name }: { name: string }) {
  return <span className="site-name">{name}</span>;
}
