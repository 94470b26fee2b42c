/*
 * Reads a WordPress export twice (issue 71 item 4: a 530 MB export held whole took 2.3 GB):
 * `scanWxrFile` checks all of it and keeps its channel and an outline of its items, then
 * `wxrItems` hands the items over one at a time as the import takes them. Both read through
 * the parser of wxr-parse.ts.
 */
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { readError, SUPPORTED_VERSIONS, wxrParser } from './wxr-parse';
import { WxrError, type WxrFile, type WxrItem, type WxrOutline } from './wxr-types';

/** The file's size and time of change: the second pass reads the file the first one read. */
export const wxrFileStamp = (path: string) => {
  const { size, mtimeMs } = statSync(path);
  return `${size} ${mtimeMs}`;
};

/**
 * The first pass: reads the whole file, and answers its channel, an outline of its items (no
 * post's body is kept) and a stamp the second pass checks. `onProgress(bytesRead, totalBytes)`
 * hears how far it is. Throws WxrError for malformed XML (with its line and column) and for XML
 * that is not a WordPress export, so a bad file stops the import before anything is written.
 */
export async function scanWxrFile(
  path: string,
  onProgress?: (read: number, total: number) => void,
): Promise<{ wxr: WxrFile; outline: WxrOutline; stamp: string }> {
  const stamp = wxrFileStamp(path);
  const total = statSync(path).size;
  const outline: WxrOutline = {
    attachments: new Map(),
    types: new Map(),
    creators: [],
    comments: 0,
  };
  const creators = { post: new Set<string>(), page: new Set<string>() };
  const { parser, state } = wxrParser(path, (item) => {
    const type = item.postType || 'post';
    outline.types.set(type, (outline.types.get(type) ?? 0) + 1);
    outline.comments += item.comments;
    if (type === 'attachment') outline.attachments.set(item.postId, item);
    else if ((type === 'post' || type === 'page') && item.creator) creators[type].add(item.creator);
  });
  let read = 0;
  try {
    for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
      parser.write(chunk as string);
      read += Buffer.byteLength(chunk as string);
      onProgress?.(read, total);
    }
    parser.close();
  } catch (error) {
    throw readError(error, path, state.stack, parser);
  }

  const { result } = state;
  if (!result.version)
    throw new WxrError(
      `${basename(path)} is not a WordPress export: it has no <wp:wxr_version> (export it with WordPress's Tools → Export).`,
    );
  if (!SUPPORTED_VERSIONS.includes(result.version))
    throw new WxrError(
      `${basename(path)} is WXR ${result.version}; this importer reads WXR ${SUPPORTED_VERSIONS.join(', ')}.`,
    );
  result.siteUrl = (state.baseBlogUrl || state.channelLink).replace(/\/+$/, '');
  outline.creators = [...creators.post, ...creators.page];
  return { wxr: result, outline, stamp };
}

/**
 * The second pass: the file's items of these types, in file order, each parsed as it is asked
 * for (a chunk of the file at a time), so only the ones the caller holds are in memory. Throws
 * when the file is not the one the first pass read (`stamp`).
 */
export async function* wxrItems(
  path: string,
  stamp: string,
  types: ReadonlySet<string>,
): AsyncGenerator<WxrItem> {
  if (wxrFileStamp(path) !== stamp)
    throw new Error(`${basename(path)} changed while it was being imported; import it again.`);
  const ready: WxrItem[] = [];
  const { parser, state } = wxrParser(path, (item) => {
    if (types.has(item.postType || 'post')) ready.push(item);
  });
  const parse = (write: () => void) => {
    try {
      write();
    } catch (error) {
      throw readError(error, path, state.stack, parser);
    }
  };
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
    parse(() => parser.write(chunk as string));
    // Handed over and let go of before the next chunk is parsed.
    while (ready.length > 0) yield ready.shift() as WxrItem;
  }
  parse(() => parser.close());
  while (ready.length > 0) yield ready.shift() as WxrItem;
}
