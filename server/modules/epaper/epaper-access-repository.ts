/*
 * SQL of the paid e-paper (issue 68 items 3 and 4): a public issue with its edition's e-paper
 * setting, the page a signed address names, whether a stored file is walled (no page printing
 * it is free, and a public issue prints it on a page that is not), and downloads with their
 * traces.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editions } from '../../../db/schema/editions';
import { epaperFiles, epaperIssues, epaperPages } from '../../../db/schema/epaper';
import { epaperDownloads } from '../../../db/schema/epaper-downloads';
import { users } from '../../../db/schema/users';
import { isPublicIssueSql } from './epaper-reads-repository';
import { issueWithEdition } from './epaper-repository';

/** A page free to every reader: its edition's e-paper is free, or it is one of its free pages. */
const freePageSql = sql<boolean>`(${editions.epaper}->>'access' = 'free' OR (${editions.epaper}->'freePages') @> to_jsonb(${epaperPages.number}))`;

/** A public issue with its edition's e-paper setting. */
export async function publicIssueAccess(db: Db, issueId: string, now: Date) {
  const [row] = await db
    .select({ ...issueWithEdition, editionEpaper: editions.epaper })
    .from(epaperIssues)
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .where(and(eq(epaperIssues.id, issueId), eq(editions.active, true), isPublicIssueSql(now)));
  return row;
}

/** The stored file a page prints (what a signed address of the page serves). */
export async function pageFile(db: Db, pageId: string) {
  const [row] = await db
    .select({ hash: epaperFiles.hash })
    .from(epaperPages)
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(eq(epaperPages.id, pageId));
  return row;
}

/**
 * Whether a file's view and tiles are walled: a public issue prints it on a page that is not
 * free, and no page prints it free (the same page in a free edition stays open there).
 */
export async function isWalledFile(db: Db, hash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({
      open: sql<boolean>`coalesce(bool_or(${freePageSql}), false)`,
      walled: sql<boolean>`coalesce(bool_or(${isPublicIssueSql(now)} AND NOT ${freePageSql}), false)`,
    })
    .from(epaperPages)
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .where(eq(epaperFiles.hash, hash));
  return !!row && row.walled && !row.open;
}

/** A reader's downloads since `since` (the day's count). */
export async function downloadsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(epaperDownloads)
    .where(and(eq(epaperDownloads.userId, userId), gte(epaperDownloads.createdAt, since)));
  return row?.n ?? 0;
}

/** The reader's row locked until the transaction ends: one reader's downloads count in turn. */
export async function lockUser(db: Db, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function deleteDownload(db: Db, id: string) {
  await db.delete(epaperDownloads).where(eq(epaperDownloads.id, id));
}

export async function insertDownload(db: Db, row: typeof epaperDownloads.$inferInsert) {
  await db.insert(epaperDownloads).values(row);
}

/** The download a trace names, with its reader and issue (the back office's look-up). */
export async function findTrace(db: Db, trace: string) {
  const [row] = await db
    .select({
      id: epaperDownloads.id,
      at: epaperDownloads.createdAt,
      userId: users.id,
      name: users.name,
      email: users.email,
      issueId: epaperDownloads.issueId,
      date: epaperIssues.date,
      editionSlug: editions.slug,
      editionNames: editions.names,
    })
    .from(epaperDownloads)
    .innerJoin(users, eq(users.id, epaperDownloads.userId))
    .leftJoin(epaperIssues, eq(epaperIssues.id, epaperDownloads.issueId))
    .leftJoin(editions, eq(editions.id, epaperIssues.editionId))
    .where(eq(epaperDownloads.trace, trace));
  return row;
}
