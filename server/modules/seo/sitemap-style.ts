/*
 * The XSL stylesheet every sitemap names (issue 12 item 6): a browser that opens
 * /sitemap.xml, a part of it or the news sitemap shows a person a table of what it lists,
 * while crawlers read the same XML as before. XSLT 1.0, the version browsers run.
 */
export const SITEMAP_STYLE = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9"
  xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
  xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"
  xmlns:xhtml="http://www.w3.org/1999/xhtml"
  exclude-result-prefixes="s image news xhtml">
  <xsl:output method="html" encoding="UTF-8" indent="yes" doctype-system="about:legacy-compat"/>

  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="robots" content="noindex"/>
        <title>
          <xsl:choose>
            <xsl:when test="s:sitemapindex">Sitemap index</xsl:when>
            <xsl:when test="s:urlset/s:url/news:news">News sitemap</xsl:when>
            <xsl:otherwise>Sitemap</xsl:otherwise>
          </xsl:choose>
        </title>
        <style>
          body { font: 15px/1.5 system-ui, sans-serif; color: #1d1d1f; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; }
          h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
          p { color: #555; margin: 0 0 1.25rem; }
          table { border-collapse: collapse; width: 100%; }
          th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid #ddd; vertical-align: top; }
          th { background: #b3261e; color: #fff; font-weight: 600; }
          tr:nth-child(even) td { background: #faf7f7; }
          td.n { text-align: right; white-space: nowrap; }
          a { color: #8c1d17; word-break: break-all; }
          small { color: #666; }
        </style>
      </head>
      <body>
        <xsl:apply-templates/>
      </body>
    </html>
  </xsl:template>

  <xsl:template match="s:sitemapindex">
    <h1>Sitemap index</h1>
    <p>This index lists <xsl:value-of select="count(s:sitemap)"/> sitemaps. Search engines read it as XML; this table is for people.</p>
    <table>
      <thead><tr><th scope="col">Sitemap</th><th scope="col">Last changed</th></tr></thead>
      <tbody>
        <xsl:for-each select="s:sitemap">
          <tr>
            <td><a href="{s:loc}"><xsl:value-of select="s:loc"/></a></td>
            <td class="n"><xsl:value-of select="concat(substring(s:lastmod, 1, 10), ' ', substring(s:lastmod, 12, 5))"/></td>
          </tr>
        </xsl:for-each>
      </tbody>
    </table>
  </xsl:template>

  <xsl:template match="s:urlset[s:url/news:news]">
    <h1>News sitemap</h1>
    <p>This sitemap lists the <xsl:value-of select="count(s:url)"/> stories of the last two days, for Google News.</p>
    <table>
      <thead><tr><th scope="col">Story</th><th scope="col">Language</th><th scope="col">Published</th></tr></thead>
      <tbody>
        <xsl:for-each select="s:url">
          <tr>
            <td>
              <a href="{s:loc}"><xsl:value-of select="news:news/news:title"/></a><br/>
              <small><xsl:value-of select="s:loc"/></small>
            </td>
            <td><xsl:value-of select="news:news/news:publication/news:language"/></td>
            <td class="n"><xsl:value-of select="concat(substring(news:news/news:publication_date, 1, 10), ' ', substring(news:news/news:publication_date, 12, 5))"/></td>
          </tr>
        </xsl:for-each>
      </tbody>
    </table>
  </xsl:template>

  <xsl:template match="s:urlset">
    <h1>Sitemap</h1>
    <p>This sitemap lists <xsl:value-of select="count(s:url)"/> addresses. Search engines read it as XML; this table is for people.</p>
    <table>
      <thead>
        <tr>
          <th scope="col">Address</th>
          <th scope="col">Images</th>
          <th scope="col">Other languages</th>
          <th scope="col">Last changed</th>
          <th scope="col">Priority</th>
        </tr>
      </thead>
      <tbody>
        <xsl:for-each select="s:url">
          <tr>
            <td><a href="{s:loc}"><xsl:value-of select="s:loc"/></a></td>
            <td class="n"><xsl:value-of select="count(image:image)"/></td>
            <td>
              <xsl:for-each select="xhtml:link[@hreflang != 'x-default']">
                <a href="{@href}" hreflang="{@hreflang}"><xsl:value-of select="@hreflang"/></a>
                <xsl:if test="position() != last()"><xsl:text> </xsl:text></xsl:if>
              </xsl:for-each>
            </td>
            <td class="n"><xsl:value-of select="concat(substring(s:lastmod, 1, 10), ' ', substring(s:lastmod, 12, 5))"/></td>
            <td class="n"><xsl:value-of select="s:priority"/></td>
          </tr>
        </xsl:for-each>
      </tbody>
    </table>
  </xsl:template>
</xsl:stylesheet>
`;
