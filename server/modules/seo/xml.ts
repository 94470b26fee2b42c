/** Anything outside the characters XML 1.0 allows (it has no escape for them). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes text for XML element content and attribute values. */
export function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(NOT_XML, '');
}

/** The first line of every XML document served here. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
