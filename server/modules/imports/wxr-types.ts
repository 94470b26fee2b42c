/* What a WordPress export (WXR 1.0–1.2) holds, as wxr-parse.ts reads it, and its one error. */

export interface WxrAuthor {
  id: string;
  login: string;
  email: string;
  displayName: string;
}

export interface WxrTerm {
  /** category, post_tag, or another taxonomy. */
  domain: string;
  /** WordPress's slug, as it wrote it (Hindi ones percent-encoded). */
  nicename: string;
  name: string;
  parent?: string;
  description?: string;
}

export interface WxrItem {
  /** Line of the `<item>` in the file, for the report. */
  line: number;
  title: string;
  link: string;
  guid: string;
  creator: string;
  content: string;
  excerpt: string;
  postId: string;
  postDate: string;
  postDateGmt: string;
  postModifiedGmt: string;
  postName: string;
  status: string;
  postType: string;
  parent: string;
  attachmentUrl: string;
  terms: WxrTerm[];
  meta: Record<string, string>;
  comments: number;
}

/**
 * A file's channel: everything but its items, which are read a batch at a time in a second
 * pass (wxr-parse.ts `wxrItems`), so a large file's posts never sit in memory together.
 */
export interface WxrFile {
  version: string;
  title: string;
  /** The site's address (`wp:base_blog_url`, else the channel's `link`), no trailing slash. */
  siteUrl: string;
  authors: WxrAuthor[];
  categories: WxrTerm[];
  tags: WxrTerm[];
}

/** What the first pass keeps of the items: what the import plans with, no post's body. */
export interface WxrOutline {
  /** The attachments (featured images' files), by post id. */
  attachments: Map<string, WxrItem>;
  /** How many items of each WordPress type (post, page, …), in the order types first appear. */
  types: Map<string, number>;
  /** Logins of the posts' creators in file order, then the pages' (each once in its list). */
  creators: string[];
  /** Comments on all items (never imported: counted for the report). */
  comments: number;
}

/** A file that is not a readable WordPress export; the message names the line and column. */
export class WxrError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'WxrError';
  }
}
