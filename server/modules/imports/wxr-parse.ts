import { basename } from 'node:path';
import { SaxesParser } from 'saxes';
import { WxrError, type WxrAuthor, type WxrFile, type WxrItem, type WxrTerm } from './wxr-types';

/*
 * Reads a WordPress export (WXR 1.0–1.2, what Tools → Export writes: RSS 2.0 with the `wp:`,
 * `content:`, `excerpt:` and `dc:` elements) as a stream, so a large file never sits in memory
 * as a tree. Elements are matched by their prefixed names, as WordPress always writes them;
 * anything this importer does not use (comments, terms, menus) is counted or passed over.
 * The parser here builds a file's channel and hands over each item as it closes; wxr-read.ts
 * reads a file through it.
 */

export const SUPPORTED_VERSIONS = ['1.0', '1.1', '1.2'];

const emptyItem = (line: number): WxrItem => ({
  line,
  title: '',
  link: '',
  guid: '',
  creator: '',
  content: '',
  excerpt: '',
  postId: '',
  postDate: '',
  postDateGmt: '',
  postModifiedGmt: '',
  postName: '',
  status: '',
  postType: '',
  parent: '',
  attachmentUrl: '',
  terms: [],
  meta: {},
  comments: 0,
});

const ITEM_FIELDS: Record<string, keyof WxrItem> = {
  title: 'title',
  link: 'link',
  guid: 'guid',
  'dc:creator': 'creator',
  'content:encoded': 'content',
  'excerpt:encoded': 'excerpt',
  'wp:post_id': 'postId',
  'wp:post_date': 'postDate',
  'wp:post_date_gmt': 'postDateGmt',
  'wp:post_modified_gmt': 'postModifiedGmt',
  'wp:post_name': 'postName',
  'wp:status': 'status',
  'wp:post_type': 'postType',
  'wp:post_parent': 'parent',
  'wp:attachment_url': 'attachmentUrl',
};

/** What the parser has seen so far: the file's parts, and the elements open around it. */
interface ParseState {
  result: WxrFile;
  /** Takes each item as it closes; nothing else keeps it. */
  onItem: (item: WxrItem) => void;
  channelLink: string;
  baseBlogUrl: string;
  /** Names of the open elements, outermost first. */
  stack: string[];
  text: string;
  item?: WxrItem;
  term?: WxrTerm & { nicenameKey?: string };
  author?: WxrAuthor;
  metaKey: string;
  metaValue: string;
}

/**
 * A text of its own: what the parser hands over is often a slice of the chunk of the file it
 * was read from, and a slice keeps its whole chunk in memory. A post's title kept for the
 * report (or an attachment kept for the whole import) kept the file's chunks with it: at
 * 10,000 posts the import's heap grew by about the file's size (docs/perf/scale.md). A
 * string joined to another is made flat by `slice`, so this is a copy of the text alone.
 */
const own = (text: string) => (text.length < 13 ? text : ` ${text}`.slice(1));

/** An element opens: a channel's item, author or term, or an item's category or meta, starts. */
function openTag(
  state: ParseState,
  tag: { name: string; attributes: Record<string, unknown> },
  line: number,
) {
  const name = tag.name;
  const parent = state.stack[state.stack.length - 1];
  state.stack.push(name);
  state.text = '';
  if (state.stack.length === 1 && name !== 'rss')
    throw new WxrError(`This is not a WordPress export: it starts with <${name}>, not <rss>.`);
  if (parent === 'channel' && name === 'item') state.item = emptyItem(line);
  else if (parent === 'channel' && name === 'wp:author')
    state.author = { id: '', login: '', email: '', displayName: '' };
  else if (parent === 'channel' && (name === 'wp:category' || name === 'wp:tag'))
    state.term = { domain: name === 'wp:tag' ? 'post_tag' : 'category', nicename: '', name: '' };
  else if (state.item && parent === 'item' && name === 'category') {
    const attr = (key: string) => {
      const value = tag.attributes[key];
      return typeof value === 'string' ? own(value) : '';
    };
    state.term = { domain: attr('domain'), nicename: attr('nicename'), name: '' };
  } else if (state.item && name === 'wp:postmeta') state.metaKey = state.metaValue = '';
}

/** An element closes: its text goes where its parent says. */
function closeTag(state: ParseState, name: string) {
  state.stack.pop();
  const parent = state.stack[state.stack.length - 1];
  const value = own(state.text);
  state.text = '';
  const { author, term, item } = state;
  if (parent === 'channel') closeInChannel(state, name, value);
  else if (author && parent === 'wp:author') {
    if (name === 'wp:author_id') author.id = value.trim();
    else if (name === 'wp:author_login') author.login = value.trim();
    else if (name === 'wp:author_email') author.email = value.trim();
    else if (name === 'wp:author_display_name') author.displayName = value.trim();
  } else if (term && (parent === 'wp:category' || parent === 'wp:tag')) {
    if (name === 'wp:category_nicename' || name === 'wp:tag_slug') term.nicename = value.trim();
    else if (name === 'wp:cat_name' || name === 'wp:tag_name') term.name = value.trim();
    else if (name === 'wp:category_parent') term.parent = value.trim();
    else if (name === 'wp:category_description' || name === 'wp:tag_description')
      term.description = value.trim();
  } else if (item) closeInItem(state, item, parent, name, value);
}

/** A child of <channel> closes: a whole item, author or term, or one of the site's fields. */
function closeInChannel(state: ParseState, name: string, value: string) {
  const { result } = state;
  if (name === 'item' && state.item) {
    state.onItem(state.item);
    state.item = undefined;
  } else if (name === 'wp:author' && state.author) {
    result.authors.push(state.author);
    state.author = undefined;
  } else if (name === 'wp:category' && state.term) {
    result.categories.push(state.term);
    state.term = undefined;
  } else if (name === 'wp:tag' && state.term) {
    result.tags.push(state.term);
    state.term = undefined;
  } else if (name === 'wp:wxr_version') result.version = value.trim();
  else if (name === 'title') result.title = value.trim();
  else if (name === 'link') state.channelLink = value.trim();
  else if (name === 'wp:base_blog_url') state.baseBlogUrl = value.trim();
}

/** An element inside an <item> closes: one of its fields, categories, meta or comments. */
function closeInItem(
  state: ParseState,
  item: WxrItem,
  parent: string | undefined,
  name: string,
  value: string,
) {
  if (parent === 'item') {
    if (name === 'category' && state.term) {
      state.term.name = value.trim();
      item.terms.push(state.term);
      state.term = undefined;
    } else if (name === 'wp:postmeta') {
      if (state.metaKey) item.meta[state.metaKey] = state.metaValue;
    } else if (name === 'wp:comment') {
      item.comments++;
    } else {
      const field = ITEM_FIELDS[name];
      // Bodies keep every byte; the other fields are trimmed.
      if (field === 'content' || field === 'excerpt') item[field] = value;
      else if (field) (item[field] as string) = value.trim();
    }
  } else if (parent === 'wp:postmeta') {
    if (name === 'wp:meta_key') state.metaKey = value.trim();
    else if (name === 'wp:meta_value') state.metaValue = value;
  }
}

/** The WxrError for what the parser threw, at the line and column it says, in words. */
export function readError(
  error: unknown,
  path: string,
  stack: string[],
  parser: { line: number; column: number },
): WxrError {
  if (error instanceof WxrError && error.line !== undefined) return error;
  const message = error instanceof Error ? error.message : String(error);
  // saxes writes "file:line:column: message"; say it in words.
  const at = /^(?:.*?):(\d+):(\d+): (.*)$/s.exec(message);
  if (at) {
    const [, line, column, what] = at;
    const inside = stack.length > 0 ? ` (inside <${stack[stack.length - 1]}>)` : '';
    return new WxrError(
      `${basename(path)} is not a readable WordPress export: line ${line}, column ${Number(column) + 1}: ${what?.replace(/\.$/, '')}${inside}.`,
      Number(line),
      Number(column) + 1,
    );
  }
  return new WxrError(
    `${basename(path)} is not a readable WordPress export: line ${parser.line}, column ${parser.column + 1}: ${message}`,
    parser.line,
    parser.column + 1,
  );
}

/** A parser whose elements build `state`, and the state it builds. */
export function wxrParser(path: string, onItem: (item: WxrItem) => void) {
  const parser = new SaxesParser({ fileName: basename(path), position: true });
  const state: ParseState = {
    result: { version: '', title: '', siteUrl: '', authors: [], categories: [], tags: [] },
    onItem,
    channelLink: '',
    baseBlogUrl: '',
    stack: [],
    text: '',
    metaKey: '',
    metaValue: '',
  };
  parser.on('opentag', (tag) => openTag(state, tag, parser.line));
  parser.on('text', (t) => (state.text += t));
  parser.on('cdata', (t) => (state.text += t));
  parser.on('closetag', (tag) => closeTag(state, tag.name));
  return { parser, state };
}
