/** SQL of the console's dictionary editing (table dictionaries, unique on type + value). */
import type { AdminDictionaryItemSchema } from '@ems/contract/api/admin';
import { and, asc, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { dictionaries } from '../../db/schema';
import { containsPattern } from './like-pattern';

type Item = z.infer<typeof AdminDictionaryItemSchema>;
/** The editable fields of an item. */
export type DictionaryFields = Omit<Item, 'id'>;

const columns = {
  id: dictionaries.id,
  dictType: dictionaries.dictType,
  dictLabel: dictionaries.dictLabel,
  dictValue: dictionaries.dictValue,
  sort: dictionaries.sort,
};

/** One page of items (by type, sort, id), optionally of one type and containing `filterText` in label or value. */
export async function findDictionaryPage(
  db: Db,
  q: { pageNum: number; pageSize: number; dictType?: string | undefined; filterText?: string | undefined },
): Promise<{ rows: Item[]; total: number }> {
  const conds: SQL[] = [];
  if (q.dictType) conds.push(eq(dictionaries.dictType, q.dictType));
  const text = q.filterText?.trim();
  if (text) {
    const p = containsPattern(text);
    conds.push(or(ilike(dictionaries.dictLabel, p), ilike(dictionaries.dictValue, p))!);
  }
  const where = and(...conds);
  const rows = await db
    .select(columns)
    .from(dictionaries)
    .where(where)
    .orderBy(asc(dictionaries.dictType), asc(dictionaries.sort), asc(dictionaries.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(dictionaries).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** True when another item (not `exceptId`) of `dictType` already has `dictValue`. */
export async function dictionaryValueTaken(
  db: Db,
  dictType: string,
  dictValue: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: dictionaries.id })
    .from(dictionaries)
    .where(
      and(
        eq(dictionaries.dictType, dictType),
        eq(dictionaries.dictValue, dictValue),
        exceptId === undefined ? undefined : ne(dictionaries.id, exceptId),
      ),
    );
  return rows.length > 0;
}

/** Inserts an item and returns it. */
export async function insertDictionaryItem(db: Db, fields: DictionaryFields): Promise<Item> {
  const rows = await db.insert(dictionaries).values(fields).returning(columns);
  return rows[0]!;
}

/** Updates item `id`; the updated item, or undefined when there is none. */
export async function updateDictionaryItem(
  db: Db,
  id: number,
  fields: DictionaryFields,
): Promise<Item | undefined> {
  const rows = await db.update(dictionaries).set(fields).where(eq(dictionaries.id, id)).returning(columns);
  return rows[0];
}

/** Deletes item `id`; false when there was none. */
export async function deleteDictionaryItem(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(dictionaries)
    .where(eq(dictionaries.id, id))
    .returning({ id: dictionaries.id });
  return rows.length > 0;
}
